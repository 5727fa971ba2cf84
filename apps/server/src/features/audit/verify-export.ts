// The audit trail as anyone can check it (docs/decisions/0071): the hash of an exported event, the signed payload of a
// checkpoint, and the verifier of a JSON Lines export. Only node:crypto and canonicalize (RFC 8785): no config, no
// database, no secret. The CLI (verify-export-cli.ts) and GET /api/audit/verify both run this, so they cannot disagree.
import { createHash, createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';

/** prevHash of an account's first event: 64 zeros, so every prevHash has the shape of a SHA-256. */
export const GENESIS_PREV_HASH = '0'.repeat(64);

/** One event line of the export; `hash` covers every other field (and nothing the line does not carry). */
export interface ExportedEvent {
  type: 'event';
  v: 2;
  accountId: string;
  seq: number;
  occurredAt: string;
  actorKind: string;
  actorId: string | null;
  action: string;
  clientToken: string | null;
  resultToken: string | null;
  details: Record<string, unknown>;
  outcome: string;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
  prevHash: string;
  hash: string;
}

/** One checkpoint line: an account's head (seq, hash) signed with Ed25519 over the JCS of the line without `signature`. */
export interface ExportedCheckpoint {
  type: 'checkpoint';
  v: 1;
  accountId: string;
  seq: number;
  headHash: string;
  createdAt: string;
  keyId: string;
  signature: string;
}

/**
 * The first line of a filtered export: the events that follow are a selection of the chain, not the chain. Each still
 * carries its hashes, but the events between them (and the checkpoints, which sign a head the excerpt need not reach)
 * are left out, so the file cannot show that nothing is missing or that no event was rewritten and rehashed.
 */
export interface ExportedExcerpt {
  type: 'excerpt';
  v: 1;
  accountId: string;
  /** The export's filter as the request gave it. */
  filter: Record<string, unknown>;
}

/** GET /api/audit/keys: the keys that signed (and sign) checkpoints. */
export interface PublishedKeys {
  keys: { keyId: string; algorithm: 'Ed25519'; publicKey: string; current: boolean }[];
}

function jcs(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('not canonicalisable');
  return text;
}

/** hex SHA-256 over the RFC 8785 canonical JSON of the event without its `hash`. */
export function eventHash(event: Omit<ExportedEvent, 'hash'> & { hash?: unknown }): string {
  const { hash: _hash, ...rest } = event;
  return createHash('sha256').update(jcs(rest), 'utf8').digest('hex');
}

/** The bytes a checkpoint's signature covers: the JCS of the checkpoint without `signature`. */
export function checkpointPayload(checkpoint: Omit<ExportedCheckpoint, 'signature'> & { signature?: unknown }): Buffer {
  const { signature: _signature, ...rest } = checkpoint;
  return Buffer.from(jcs(rest), 'utf8');
}

/** A public key's id: the first 16 hex digits of SHA-256 over its SPKI DER (short, stable, derived from the key alone). */
export function keyIdOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

export type ExportProblem =
  | 'invalid_line'
  | 'changed'
  | 'not_linked'
  | 'missing_before'
  | 'seq_out_of_order'
  | 'other_account'
  | 'unknown_key'
  | 'bad_signature'
  | 'checkpoint_mismatch'
  | 'checkpoint_out_of_place'
  | 'tail_deleted';

export interface ExportReport {
  ok: boolean;
  accountId: string | null;
  events: number;
  checkpoints: number;
  headSeq: number;
  headHash: string;
  /** The newest checkpoint that verified: its seq and time. */
  lastCheckpoint: { seq: number; createdAt: string; keyId: string } | null;
  /**
   * Non-null when the file declared itself an excerpt (a filtered export): then ok says only that every event matched
   * its own hash, seqs rose, and consecutive events were linked; gaps counts the places where events were left out.
   */
  excerpt: { gaps: number } | null;
  /** line: 1-based line of the file (for tail_deleted, the checkpoint that names the missing events). */
  firstBroken: { line: number; seq: number | null; problem: ExportProblem; message: string } | null;
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Checks an export line by line, in memory independent of its length: every event's hash recomputes, its prevHash is
 * the previous event's hash, seq runs 1, 2, 3 ... without gaps, all lines are one account's, and every checkpoint is
 * signed by a published key and names the hash the chain has at its seq. A checkpoint past the last event means the
 * tail (the newest events) was deleted. Stops at the first problem.
 */
export class ExportVerifier {
  private readonly keys = new Map<string, KeyObject>();
  private report: ExportReport = { ok: true, accountId: null, events: 0, checkpoints: 0, headSeq: 0, headHash: GENESIS_PREV_HASH, lastCheckpoint: null, excerpt: null, firstBroken: null };
  private lineNo = 0;
  /** A checkpoint read before the event it covers (only legitimate when that event follows; otherwise the tail is gone). */
  private pending: { line: number; checkpoint: ExportedCheckpoint } | null = null;

  constructor(published: PublishedKeys) {
    for (const k of published.keys ?? []) {
      const key = createPublicKey(k.publicKey);
      // The id is recomputed: a keys file cannot pass one key off under another's id.
      if (keyIdOf(key) === k.keyId) this.keys.set(k.keyId, key);
    }
  }

  get broken(): boolean {
    return this.report.firstBroken !== null;
  }

  private fail(problem: ExportProblem, seq: number | null, message: string, line = this.lineNo): void {
    this.report = { ...this.report, ok: false, firstBroken: { line, seq, problem, message } };
  }

  /** Feeds one line of the file (blank lines are skipped). */
  line(text: string): void {
    this.lineNo++;
    if (this.broken || text.trim() === '') return;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return this.fail('invalid_line', null, 'not JSON');
    }
    if (value === null || typeof value !== 'object') return this.fail('invalid_line', null, 'not a JSON object');
    if (value.type === 'excerpt') return this.excerptHeader(value as unknown as ExportedExcerpt);
    if (value.type === 'event') return this.event(value as unknown as ExportedEvent);
    if (value.type === 'checkpoint') return this.checkpoint(value as unknown as ExportedCheckpoint);
    return this.fail('invalid_line', null, `unknown line type ${JSON.stringify(value.type)}`);
  }

  private sameAccount(accountId: unknown, seq: number | null): boolean {
    if (typeof accountId !== 'string') return (this.fail('invalid_line', seq, 'no accountId'), false);
    this.report.accountId ??= accountId;
    if (accountId !== this.report.accountId) return (this.fail('other_account', seq, `account ${accountId} in the export of ${this.report.accountId}`), false);
    return true;
  }

  /** Only as the first line: what follows is a selection (a filtered export), checked as far as a selection can be. */
  private excerptHeader(x: ExportedExcerpt): void {
    if (this.lineNo !== 1) return this.fail('invalid_line', null, 'an excerpt is declared on the first line only');
    if (!this.sameAccount(x.accountId, null)) return;
    this.report.excerpt = { gaps: 0 };
  }

  private event(e: ExportedEvent): void {
    if (!Number.isSafeInteger(e.seq) || typeof e.hash !== 'string' || typeof e.prevHash !== 'string') return this.fail('invalid_line', null, 'an event needs seq, prevHash and hash');
    if (!this.sameAccount(e.accountId, e.seq)) return;
    const expected = this.report.headSeq + 1;
    const excerpt = this.report.excerpt;
    if (e.seq > expected && excerpt) excerpt.gaps++;
    else if (e.seq > expected) return this.fail('missing_before', e.seq, `expected seq ${expected}: events ${expected}..${e.seq - 1} are missing`);
    if (e.seq < expected) return this.fail('seq_out_of_order', e.seq, `expected seq ${expected}`);
    // In an excerpt the link can be checked only where the previous event is in the file too.
    const linked = e.seq === expected;
    if (linked && e.prevHash !== this.report.headHash) return this.fail('not_linked', e.seq, 'prevHash is not the hash of the previous event');
    let hash: string;
    try {
      hash = eventHash(e);
    } catch {
      return this.fail('invalid_line', e.seq, 'the event cannot be canonicalised');
    }
    if (hash !== e.hash) return this.fail('changed', e.seq, 'the content does not match its hash (changed since it was recorded)');
    this.report.events++;
    this.report.headSeq = e.seq;
    this.report.headHash = e.hash;
    if (this.pending?.checkpoint.seq === e.seq) {
      const { line, checkpoint } = this.pending;
      this.pending = null;
      this.covers(checkpoint, line);
    }
  }

  private checkpoint(c: ExportedCheckpoint): void {
    if (!Number.isSafeInteger(c.seq) || typeof c.headHash !== 'string' || !HEX64.test(c.headHash) || typeof c.signature !== 'string') {
      return this.fail('invalid_line', null, 'a checkpoint needs seq, headHash and signature');
    }
    if (!this.sameAccount(c.accountId, c.seq)) return;
    if (this.report.excerpt) return this.fail('checkpoint_out_of_place', c.seq, 'an excerpt carries no checkpoints: they sign the whole chain');
    const key = this.keys.get(String(c.keyId));
    if (!key) return this.fail('unknown_key', c.seq, `checkpoint signed with key ${String(c.keyId)}, which the keys file does not publish`);
    let signed = false;
    try {
      signed = verifySignature(null, checkpointPayload(c), key, Buffer.from(c.signature, 'base64'));
    } catch {
      signed = false;
    }
    if (!signed) return this.fail('bad_signature', c.seq, `the checkpoint's signature does not verify with key ${c.keyId}`);
    this.report.checkpoints++;
    if (c.seq === this.report.headSeq) return this.covers(c, this.lineNo);
    if (c.seq < this.report.headSeq) return this.fail('checkpoint_out_of_place', c.seq, 'a checkpoint must follow the event at its seq');
    if (this.pending) return this.fail('checkpoint_out_of_place', c.seq, 'two checkpoints ahead of the events');
    this.pending = { line: this.lineNo, checkpoint: c };
  }

  private covers(c: ExportedCheckpoint, line: number): void {
    if (c.headHash !== this.report.headHash) return this.fail('checkpoint_mismatch', c.seq, `the event at seq ${c.seq} is not the one the checkpoint signed`, line);
    this.report.lastCheckpoint = { seq: c.seq, createdAt: String(c.createdAt), keyId: c.keyId };
  }

  /** The report once every line is fed. */
  finish(): ExportReport {
    if (!this.broken && this.pending) {
      const { line, checkpoint } = this.pending;
      this.fail('tail_deleted', this.report.headSeq + 1, `a checkpoint signed seq ${checkpoint.seq}, the export ends at seq ${this.report.headSeq}: events were deleted from the end`, line);
    }
    return this.report;
  }
}

/** Verifies a whole export given as lines (an array, or a stream of them). */
export async function verifyExportLines(lines: Iterable<string> | AsyncIterable<string>, keys: PublishedKeys): Promise<ExportReport> {
  const verifier = new ExportVerifier(keys);
  for await (const text of lines) {
    verifier.line(text);
    if (verifier.broken) break;
  }
  return verifier.finish();
}

/** After the count: the newest checkpoint verified, or why there is none (a break before any, or no checkpoint at all). */
function checkpointNote(report: ExportReport): string {
  const last = report.lastCheckpoint;
  if (last) return `, newest at seq ${last.seq} (${last.createdAt}, key ${last.keyId})`;
  if (report.firstBroken) return ' before the break';
  if (report.excerpt) return ' (none in an excerpt)';
  return ' (none: a deleted tail cannot be detected)';
}

/** The report as a person reads it (the CLI's output). */
export function describeReport(report: ExportReport): string {
  const lines = [
    `account:     ${report.accountId ?? '(no events)'}`,
    `events:      ${report.events} verified, head seq ${report.headSeq}, head hash ${report.headHash}`,
    `checkpoints: ${report.checkpoints} signed${checkpointNote(report)}`,
  ];
  const b = report.firstBroken;
  if (b) lines.push(`BROKEN at line ${b.line}${b.seq === null ? '' : `, seq ${b.seq}`}: ${b.problem}: ${b.message}`);
  else if (report.excerpt) {
    lines.push(
      `EXCERPT: a filtered export, ${report.excerpt.gaps} gap(s) where events were left out. Every event matches its hash and ` +
        'consecutive events are linked; an excerpt cannot show that nothing is missing or that no event was rewritten ' +
        'and rehashed. Verify the unfiltered export for that.',
    );
  } else lines.push('OK: the trail is complete and unchanged up to its head');
  return lines.join('\n');
}
