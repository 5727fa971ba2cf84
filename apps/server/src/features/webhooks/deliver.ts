// Sending webhook deliveries (docs/decisions/0090): the worker claims what is due (SKIP LOCKED, a lease, so several
// workers share the work and a dead one's claim is taken again), signs each body per Standard Webhooks with the
// maintained `standardwebhooks` package, and POSTs it through the egress gate (features/egress: no loopback or
// private address unless the operator allowed the host, the connection pinned to the checked address, a timeout per
// attempt). At least once, with the same webhook-id on every attempt; failures are tried again with exponential
// backoff for three days; an endpoint that answers 410 Gone, or whose delivery was given up, is paused and the
// account's API admins are mailed.
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { WebhookPausedReason as PausedReason } from '@bq/contracts/webhooks';
import type { Db } from '../../db/client';
import type { DataKeys } from '../../plugins/data-encryption';
import { pinnedFetch } from '../egress/pinned-fetch';
import { decryptSecret } from '../../plugins/data-encryption';

const MAX_DELAY_MS = 12 * 60 * 60_000;
/** How much of an endpoint's answer is kept for the deliveries page. */
const ERROR_TEXT_MAX = 300;

export interface PausedEndpoint {
  id: string;
  accountId: string;
  url: string;
  reason: PausedReason;
}

export interface DeliveryOptions {
  allowHosts: readonly string[];
  timeoutMs: number;
  keys: DataKeys;
  /** Base of the backoff: attempt n waits retryBaseMs * 2^(n-1), at most 12 hours. */
  retryBaseMs?: number;
  batch?: number;
  /** Told about each endpoint this run paused (the worker mails its admins). */
  onPaused?: (endpoint: PausedEndpoint) => Promise<void>;
  now?: () => Date;
}

interface ClaimedRow extends Record<string, unknown> {
  id: string;
  endpoint_id: string;
  account_id: string;
  message_id: string;
  body: string;
  attempts: number;
  give_up_at: Date | string;
  url: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_until: Date | string | null;
}

/** The webhook-signature header: one signature per key in use (two while a rotated key still overlaps). */
export function signatureHeader(secrets: string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}

function secretsOf(row: ClaimedRow, keys: DataKeys, now: Date): string[] {
  const current = decryptSecret(keys, 'webhook-secret', row.secret_encrypted, row.endpoint_id);
  const until = row.previous_secret_until ? new Date(row.previous_secret_until) : null;
  if (!row.previous_secret_encrypted || !until || until <= now) return [current];
  return [current, decryptSecret(keys, 'webhook-secret', row.previous_secret_encrypted, row.endpoint_id)];
}

async function claim(db: Db, batch: number, leaseMs: number): Promise<ClaimedRow[]> {
  const result = (await db.execute(sql`
    with due as (
      select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
      where d.status in ('PENDING', 'SENDING') and d.next_attempt_at <= now() and (e.status = 'ACTIVE' or d.event = 'webhook.test')
      order by d.next_attempt_at limit ${batch}
      for update of d skip locked)
    update webhook_deliveries d
    set status = 'SENDING', attempts = d.attempts + 1, last_attempt_at = now(), next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
    from due, webhook_endpoints e
    where d.id = due.id and e.id = d.endpoint_id
    returning d.id, d.endpoint_id, d.account_id, d.message_id, d.body, d.attempts, d.give_up_at,
              e.url, e.secret_encrypted, e.previous_secret_encrypted, e.previous_secret_until`)) as unknown as { rows: ClaimedRow[] };
  return result.rows;
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string; gone: boolean };

type Fetch = ReturnType<typeof pinnedFetch>;

async function send(row: ClaimedRow, fetchGated: Fetch, opts: DeliveryOptions, now: Date): Promise<Outcome> {
  const body = row.body;
  try {
    const answer = await fetchGated(row.url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'bq-webhooks/1',
        'webhook-id': row.message_id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signatureHeader(secretsOf(row, opts.keys, now), row.message_id, now, body),
      },
      body,
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    const text = (await answer.text().catch(() => '')).slice(0, ERROR_TEXT_MAX);
    if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status };
    return { ok: false, status: answer.status, error: `HTTP ${answer.status}${text ? `: ${text}` : ''}`, gone: answer.status === 410 };
  } catch (err) {
    const cause = (err as { cause?: Error }).cause;
    const message = cause?.message && cause.message !== (err as Error).message ? `${(err as Error).message}: ${cause.message}` : (err as Error).message;
    return { ok: false, status: null, error: message.slice(0, ERROR_TEXT_MAX), gone: false };
  }
}

/** When the next attempt is due, or null when it would come after the delivery's give-up time. */
export function nextAttemptAt(giveUpAt: Date, attempts: number, now: Date, baseMs: number): Date | null {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
  const next = new Date(now.getTime() + delay);
  return next > giveUpAt ? null : next;
}

async function record(db: Db, row: ClaimedRow, outcome: Outcome, opts: DeliveryOptions, now: Date): Promise<void> {
  if (outcome.ok) {
    await db.execute(sql`update webhook_deliveries set status = 'DELIVERED', response_code = ${outcome.status}, last_error = null, delivered_at = now() where id = ${row.id}`);
    await db.execute(sql`update webhook_endpoints set failures_in_row = 0 where id = ${row.endpoint_id}`);
    return;
  }
  const next = outcome.gone ? null : nextAttemptAt(new Date(row.give_up_at), row.attempts, now, opts.retryBaseMs ?? 30_000);
  await db.execute(sql`
    update webhook_deliveries set status = ${next ? 'PENDING' : 'FAILED'}, response_code = ${outcome.status}, last_error = ${outcome.error},
      next_attempt_at = ${(next ?? now).toISOString()}::timestamptz
    where id = ${row.id}`);
  const reason: PausedReason | null = outcome.gone ? 'GONE' : next ? null : 'FAILING';
  const paused = (await db.execute(sql`
    update webhook_endpoints set failures_in_row = failures_in_row + 1,
      status = case when ${reason}::text is null then status else 'PAUSED' end,
      paused_reason = case when ${reason}::text is null then paused_reason else ${reason} end
    where id = ${row.endpoint_id}
    returning (status = 'PAUSED' and ${reason}::text is not null) as paused_now`)) as unknown as { rows: { paused_now: boolean }[] };
  if (reason && paused.rows[0]?.paused_now) await opts.onPaused?.({ id: row.endpoint_id, accountId: row.account_id, url: row.url, reason });
}

/** Sends what is due, one batch; answers how many deliveries were attempted. */
export async function deliverDueWebhooks(db: Db, opts: DeliveryOptions): Promise<number> {
  const now = opts.now?.() ?? new Date();
  // A delivery waiting on a paused endpoint for three days is given up as well.
  await db.execute(sql`
    update webhook_deliveries set status = 'FAILED', last_error = coalesce(last_error, 'Not delivered within three days')
    where status in ('PENDING', 'SENDING') and give_up_at < ${now.toISOString()}::timestamptz`);
  const rows = await claim(db, opts.batch ?? 20, opts.timeoutMs + 30_000);
  if (rows.length === 0) return 0;
  const fetchGated = pinnedFetch({ allowHosts: opts.allowHosts, timeoutMs: opts.timeoutMs });
  await Promise.all(rows.map(async (row) => record(db, row, await send(row, fetchGated, opts, now), opts, now)));
  return rows.length;
}
