// An account's webhook endpoints (docs/decisions/0090): made, changed, rotated and removed by an API admin. The URL
// passes the egress gate when it is saved (and again at every delivery: a name can change what it resolves to); the
// signing key is random, shown once, and kept encrypted.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { WEBHOOK_ERRORS, WEBHOOK_EVENTS, WEBHOOK_LIMIT_PER_ACCOUNT, type TCreateWebhookRequest, type TUpdateWebhookRequest, type TWebhook, type WebhookEvent } from '@bq/contracts/webhooks';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { encryptSecret } from '../../plugins/data-encryption';
import { EgressLookupError, EgressRefusedError, assertPublicDestination, normaliseHost } from '../egress/public-destination';

/** How long deliveries are still signed with the previous key after a rotation, so receivers can switch over. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

type Row = typeof webhookEndpoints.$inferSelect;
type WebhookConfig = Pick<Config, 'EGRESS_ALLOW_HOSTS' | 'dataEncryptionKeys'>;

export function toWebhook(row: Row): TWebhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    includePersonalData: row.includePersonalData,
    status: row.status,
    pausedReason: row.status === 'PAUSED' ? row.pausedReason : null,
    previousSecretUntil: row.previousSecretUntil && row.previousSecretUntil > new Date() ? row.previousSecretUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** https to a public address; http or an internal address only for a host the operator allowed. */
export async function checkWebhookUrl(url: string, config: Pick<Config, 'EGRESS_ALLOW_HOSTS'>): Promise<void> {
  const parsed = new URL(url);
  const allowed = config.EGRESS_ALLOW_HOSTS.includes(normaliseHost(parsed.hostname));
  if (parsed.protocol !== 'https:' && !allowed) throw new AppError(WEBHOOK_ERRORS.httpsRequired, 400, 'A webhook URL must use https');
  try {
    await assertPublicDestination(parsed.hostname, { allowHosts: config.EGRESS_ALLOW_HOSTS });
  } catch (err) {
    if (err instanceof EgressRefusedError) throw new AppError(WEBHOOK_ERRORS.privateAddress, 400, `Webhooks are not sent to internal addresses: ${err.message}`);
    if (err instanceof EgressLookupError) throw new AppError(WEBHOOK_ERRORS.unresolvable, 400, `The webhook URL's host does not resolve: ${err.message}`);
    throw err;
  }
}

/** A new signing key in the Standard Webhooks form: whsec_ + base64 of 32 random bytes. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export async function listWebhooks(db: Db, accountId: string): Promise<TWebhook[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId)).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toWebhook);
}

/** The account's endpoint, or 404 as for a missing one (another account's id included). */
export async function findWebhook(db: Db, accountId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'No such webhook');
  return row;
}

export async function createWebhook(db: Db, config: WebhookConfig, auth: { accountId: string; userId: string }, body: TCreateWebhookRequest & { events: WebhookEvent[] }) {
  await checkWebhookUrl(body.url, config);
  const [existing] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.accountId, auth.accountId));
  if ((existing?.n ?? 0) >= WEBHOOK_LIMIT_PER_ACCOUNT) throw new AppError(WEBHOOK_ERRORS.limitReached, 409, `At most ${WEBHOOK_LIMIT_PER_ACCOUNT} webhooks per account`);
  const id = crypto.randomUUID();
  const secret = newSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id,
      accountId: auth.accountId,
      url: body.url,
      description: body.description ?? '',
      events: body.events,
      includePersonalData: body.includePersonalData ?? false,
      secretEncrypted: encryptSecret(config.dataEncryptionKeys, 'webhook-secret', secret, id),
      createdBy: auth.userId,
    })
    .returning();
  return { ...toWebhook(row!), secret };
}

export async function updateWebhook(db: Db, config: WebhookConfig, accountId: string, id: string, body: TUpdateWebhookRequest): Promise<TWebhook> {
  await findWebhook(db, accountId, id);
  if (body.url !== undefined) await checkWebhookUrl(body.url, config);
  const resume = body.active === true ? { status: 'ACTIVE' as const, pausedReason: null, failuresInRow: 0 } : {};
  const pause = body.active === false ? { status: 'PAUSED' as const, pausedReason: 'BY_ADMIN' as const } : {};
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.events !== undefined ? { events: body.events } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.includePersonalData !== undefined ? { includePersonalData: body.includePersonalData } : {}),
      ...resume,
      ...pause,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return toWebhook(row!);
}

/** A new key; the old one still signs (a second signature) for ROTATION_OVERLAP_MS. */
export async function rotateWebhookSecret(db: Db, config: WebhookConfig, accountId: string, id: string) {
  const current = await findWebhook(db, accountId, id);
  const secret = newSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      secretEncrypted: encryptSecret(config.dataEncryptionKeys, 'webhook-secret', secret, id),
      previousSecretEncrypted: current.secretEncrypted,
      previousSecretUntil: new Date(Date.now() + ROTATION_OVERLAP_MS),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return { ...toWebhook(row!), secret };
}

/** Removed with its key and its deliveries (the trail keeps the id and who removed it). */
export async function deleteWebhook(db: Db, accountId: string, id: string): Promise<void> {
  await findWebhook(db, accountId, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}
