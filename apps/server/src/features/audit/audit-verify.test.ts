// The trail an outsider can verify (issue 36 point 10, docs/decisions/0071): the JSON Lines export carries seq,
// prevHash and hash on every event and the signed checkpoints as lines of their own; GET /api/audit/keys publishes the
// keys without sign-in; the verifier (the same code in GET /api/audit/verify and in npm run audit:verify) accepts a
// fresh export and names the first broken line of every kind of tampering.
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { appendEvents, type AuditEventInput } from './audit-chain';
import { writeCheckpoints } from './checkpoint';
import { checkpointPayload, describeReport, eventHash, keyIdOf, verifyExportLines, type ExportedCheckpoint, type ExportedEvent, type PublishedKeys } from './verify-export';

const current = generateKeyPairSync('ed25519');
const retired = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const der = (k: typeof current) => k.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
const spki = (k: typeof current) => k.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUDIT_SIGNING_KEY: der(current), AUDIT_SIGNING_KEYS_RETIRED: spki(retired), AUDIT_CHECKPOINT_DIR: mkdtempSync(join(tmpdir(), 'bq-audit-v-')) });
});
afterAll(() => t.close());

const event = (accountId: string, n: number): AuditEventInput => ({
  accountId, occurredAt: new Date(), actorKind: 'USER', actorId: randomUUID(), action: 'client.view', clientToken: `client-${n}`,
  resultToken: null, details: { n, note: 'ü' }, outcome: 'ALLOWED', requestId: randomUUID(), ip: '127.0.0.1', userAgent: 'vitest',
});

/** An officer's account with 5 events, a checkpoint at seq 5, 3 more events and a checkpoint at the head. */
async function trail() {
  const acc = await createAccount(t.db);
  const { email, password } = await createUser(t.db, acc.account.id, { permissions: [{ realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' }] });
  for (let i = 1; i <= 5; i++) await appendEvents(t.db, [event(acc.account.id, i)]);
  await writeCheckpoints(t.db, t.config, new Date(Date.now() - 1000));
  await appendEvents(t.db, [6, 7, 8].map((n) => event(acc.account.id, n)));
  await writeCheckpoints(t.db, t.config);
  const http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
  return { accountId: acc.account.id, http };
}

/** The export's lines as fetched; the officer's own sign-in and reads are events too, past the second checkpoint. */
async function exportLines(http: TestClient): Promise<string[]> {
  const res = await http.request('GET', '/api/audit/events/export?format=jsonl');
  expect(res.statusCode, res.body).toBe(200);
  return res.body.split('\n').filter((l) => l !== '');
}

async function keys(): Promise<PublishedKeys> {
  return (await new TestClient(t.app).request('GET', '/api/audit/keys')).json();
}

const verifyLines = async (lines: string[]) => verifyExportLines(lines, await keys());
/** A line of either kind, loosely typed for tampering with. */
type Line = Omit<ExportedEvent, 'type' | 'v'> & Omit<ExportedCheckpoint, 'type' | 'v'> & { type: 'event' | 'checkpoint'; v: number };
const parse = (line: string) => JSON.parse(line) as Line;
const hashOf = (line: Line) => eventHash(line as unknown as ExportedEvent);
/** Index of the event line with this seq. */
const at = (lines: string[], seq: number) => lines.findIndex((l) => parse(l).type === 'event' && parse(l).seq === seq);

describe('the verifiable audit trail', () => {
  it('exports seq, prevHash and hash on every event and each checkpoint after the event it covers; a fresh export verifies', async () => {
    const { accountId, http } = await trail();
    const lines = await exportLines(http);
    const rows = lines.map(parse);
    const events = rows.filter((r) => r.type === 'event');
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events[0]!.prevHash).toBe('0'.repeat(64));
    for (const [i, e] of events.entries()) {
      expect(Object.keys(e).sort()).toEqual(['accountId', 'action', 'actorId', 'actorKind', 'clientToken', 'details', 'hash', 'ip', 'occurredAt', 'outcome', 'prevHash', 'requestId', 'resultToken', 'seq', 'type', 'userAgent', 'v']);
      expect(e.hash).toBe(hashOf(e));
      if (i > 0) expect(e.prevHash).toBe(events[i - 1]!.hash);
    }
    const checkpoints = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.type === 'checkpoint');
    expect(checkpoints.map(({ r }) => r.seq)).toEqual([5, 8]);
    for (const { r, i } of checkpoints) {
      expect(r).toMatchObject({ v: 1, accountId, keyId: keyIdOf(current.publicKey) });
      expect(parse(lines[i - 1]!)).toMatchObject({ type: 'event', seq: r.seq, hash: r.headHash });
    }
    const report = await verifyLines(lines);
    expect(report).toMatchObject({ ok: true, accountId, events: events.length, checkpoints: 2, lastCheckpoint: { seq: 8 }, firstBroken: null });
    // The server's own check runs the same verifier over the same export.
    expect((await http.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true, checkpoints: 2, lastCheckpoint: { seq: 8 }, firstBroken: null });
  });

  it('names the first broken line: a detail changed, a line deleted, two lines swapped', async () => {
    const { http } = await trail();
    const lines = await exportLines(http);
    const changed = [...lines];
    const third = parse(changed[at(lines, 3)]!);
    changed[at(lines, 3)] = JSON.stringify({ ...third, details: { ...third.details, n: 33 } });
    expect((await verifyLines(changed)).firstBroken).toMatchObject({ line: at(lines, 3) + 1, seq: 3, problem: 'changed' });

    const deleted = lines.filter((_, i) => i !== at(lines, 4));
    expect((await verifyLines(deleted)).firstBroken).toMatchObject({ line: at(lines, 4) + 1, seq: 5, problem: 'missing_before' });

    const swapped = [...lines];
    [swapped[at(lines, 2)], swapped[at(lines, 3)]] = [lines[at(lines, 3)]!, lines[at(lines, 2)]!];
    expect((await verifyLines(swapped)).firstBroken).toMatchObject({ line: at(lines, 2) + 1, seq: 3, problem: 'missing_before' });
    expect((await verifyLines(swapped)).ok).toBe(false);
  });

  it('names a tail deleted after a checkpoint, in the file and in the database', async () => {
    const { accountId, http } = await trail();
    const lines = await exportLines(http);
    // The events 6.. are cut off, the checkpoint of seq 8 stays (a mailed or filed copy of it, at least).
    const cut = [...lines.slice(0, at(lines, 6)), lines.find((l) => parse(l).type === 'checkpoint' && parse(l).seq === 8)!];
    expect((await verifyLines(cut)).firstBroken).toMatchObject({ line: cut.length, seq: 6, problem: 'tail_deleted' });

    await t.database.executeSql('ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete');
    try {
      await t.database.executeSql('delete from audit_events where account_id = $1 and seq >= 7', [accountId]);
    } finally {
      await t.database.executeSql('ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete');
    }
    // The verify call itself appends a new seq 7 first (its own sign-in session's events were deleted too): the head no
    // longer matches the checkpoint of seq 8, or seq 8 is gone.
    const report = (await http.request('GET', '/api/audit/verify')).json();
    expect(report.ok).toBe(false);
    expect(['tail_deleted', 'checkpoint_mismatch']).toContain(report.firstBroken.problem);
  });

  it('refuses an altered checkpoint signature, a checkpoint of an unknown key, and a chain recomputed whole', async () => {
    const { http } = await trail();
    const lines = await exportLines(http);
    const cpIndex = lines.findIndex((l) => parse(l).type === 'checkpoint');
    const cp = parse(lines[cpIndex]!) as ExportedCheckpoint;
    const flipped = Buffer.from(cp.signature, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    const altered = lines.map((l, i) => (i === cpIndex ? JSON.stringify({ ...cp, signature: flipped.toString('base64') }) : l));
    expect((await verifyLines(altered)).firstBroken).toMatchObject({ line: cpIndex + 1, seq: 5, problem: 'bad_signature' });

    const unsigned = { ...cp, keyId: keyIdOf(stranger.publicKey) };
    const foreign = { ...unsigned, signature: sign(null, checkpointPayload(unsigned), stranger.privateKey).toString('base64') };
    const forged = lines.map((l, i) => (i === cpIndex ? JSON.stringify(foreign) : l));
    expect((await verifyLines(forged)).firstBroken).toMatchObject({ line: cpIndex + 1, problem: 'unknown_key' });
    // A keys file cannot pass the stranger's key off under the real key's id.
    const lying = { keys: [{ keyId: cp.keyId, algorithm: 'Ed25519' as const, publicKey: stranger.publicKey.export({ type: 'spki', format: 'pem' }).toString(), current: true }] };
    const withStranger = lines.map((l, i) => (i === cpIndex ? JSON.stringify({ ...cp, signature: sign(null, checkpointPayload(cp), stranger.privateKey).toString('base64') }) : l));
    expect((await verifyExportLines(withStranger, lying)).firstBroken).toMatchObject({ problem: 'unknown_key' });

    // Without a key the chain can be recomputed by anyone: change an event and rehash everything after it. The signed
    // checkpoint still names the old head hash.
    let prevHash = '0'.repeat(64);
    const rebuilt = lines.map((l) => {
      const row = parse(l);
      if (row.type !== 'event') return l;
      const next = { ...row, prevHash, details: row.seq === 2 ? { n: 22 } : row.details };
      next.hash = hashOf(next);
      prevHash = next.hash;
      return JSON.stringify(next);
    });
    expect((await verifyLines(rebuilt)).firstBroken).toMatchObject({ line: cpIndex + 1, seq: 5, problem: 'checkpoint_mismatch' });
  });

  it('a filtered export declares itself an excerpt: reported as one with its gaps, never as a complete trail, and a changed event is still caught', async () => {
    const { accountId, http } = await trail();
    const res = await http.request('GET', '/api/audit/events/export?format=jsonl&clientToken=client-3');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.split('\n').filter((l) => l !== '');
    expect(JSON.parse(lines[0]!)).toEqual({ type: 'excerpt', v: 1, accountId, filter: { clientToken: 'client-3' } });
    expect(lines.slice(1).map((l) => parse(l).seq)).toEqual([3]);
    const report = await verifyLines(lines);
    expect(report).toMatchObject({ ok: true, events: 1, checkpoints: 0, excerpt: { gaps: 1 }, firstBroken: null });
    expect(describeReport(report)).toContain('EXCERPT');
    expect(describeReport(report)).not.toContain('OK: the trail is complete');

    const third = parse(lines[1]!);
    const changed = [lines[0]!, JSON.stringify({ ...third, details: { ...third.details, n: 33 } })];
    expect((await verifyLines(changed)).firstBroken).toMatchObject({ line: 2, seq: 3, problem: 'changed' });
    // A whole export with a line deleted and an excerpt header put in front is at best an excerpt, never "complete".
    const whole = await exportLines(http);
    const disguised = [lines[0]!, ...whole.filter((l, i) => i !== at(whole, 4) && parse(l).type === 'event')];
    const passedOff = await verifyLines(disguised);
    expect(passedOff.excerpt).toEqual({ gaps: 1 });
    expect(describeReport(passedOff)).not.toContain('OK: the trail is complete');
    // The header counts only as the first line, and an excerpt carries no checkpoint.
    expect((await verifyLines([...whole.slice(0, 2), lines[0]!])).firstBroken).toMatchObject({ line: 3, problem: 'invalid_line' });
    expect((await verifyLines([lines[0]!, ...whole])).firstBroken).toMatchObject({ problem: 'checkpoint_out_of_place' });
  });

  it('publishes the current and the retired keys at GET /api/audit/keys, without sign-in and cacheable', async () => {
    const res = await new TestClient(t.app).request('GET', '/api/audit/keys');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.json()).toEqual({
      keys: [
        { keyId: keyIdOf(current.publicKey), algorithm: 'Ed25519', publicKey: current.publicKey.export({ type: 'spki', format: 'pem' }), current: true },
        { keyId: keyIdOf(retired.publicKey), algorithm: 'Ed25519', publicKey: retired.publicKey.export({ type: 'spki', format: 'pem' }), current: false },
      ],
    });
    expect(keyIdOf(current.publicKey)).toMatch(/^[0-9a-f]{16}$/);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/audit/keys'].get).toMatchObject({ operationId: 'getAuditKeys', tags: ['audit'] });
    expect(doc.paths['/api/audit/verify'].get.operationId).toBe('verifyAuditChain');
    expect(JSON.stringify(doc.paths['/api/audit/verify'].get.responses['403'])).toContain('error.auth.forbidden');
  });

  it('npm run audit:verify: exit 0 and OK on a fresh export, exit 1 naming line and seq on a changed one', async () => {
    const { http } = await trail();
    const lines = await exportLines(http);
    const dir = mkdtempSync(join(tmpdir(), 'bq-audit-cli-'));
    writeFileSync(join(dir, 'keys.json'), JSON.stringify(await keys()));
    writeFileSync(join(dir, 'export.jsonl'), `${lines.join('\n')}\n`);
    const third = parse(lines[at(lines, 3)]!);
    writeFileSync(join(dir, 'changed.jsonl'), `${lines.map((l, i) => (i === at(lines, 3) ? JSON.stringify({ ...third, action: 'client.list' }) : l)).join('\n')}\n`);
    const cli = (file: string) =>
      promisify(execFile)(join(process.cwd(), 'node_modules/.bin/tsx'), [join(import.meta.dirname, 'verify-export-cli.ts'), '--file', join(dir, file), '--keys', join(dir, 'keys.json')], {
        cwd: dir,
      }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
      );
    const ok = await cli('export.jsonl');
    expect(ok.out).toContain('OK: the trail is complete and unchanged');
    expect(ok.code).toBe(0);
    const broken = await cli('changed.jsonl');
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`BROKEN at line ${at(lines, 3) + 1}, seq 3: changed`);
    expect((await cli('missing.jsonl')).code).toBe(2);
    const excerpt = (await http.request('GET', '/api/audit/events/export?format=jsonl&clientToken=client-3')).body;
    writeFileSync(join(dir, 'excerpt.jsonl'), excerpt);
    const read = await cli('excerpt.jsonl');
    expect(read.code).toBe(3);
    expect(read.out).toContain('EXCERPT: a filtered export, 1 gap(s)');
  }, 60_000);
});
