// Use cases for one client: create, update, (de)activate, profile, and the account's client limit.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TClient, TClientProfile, TCreateClientRequest, TInstanceSummary, TResourceLimit, TUpdateClientRequest } from '@bq/contracts/clients';
import { ZClientFields, ZClientFieldsPatch } from '@bq/contracts/clients';
import { DATA_RIGHTS_ERRORS } from '@bq/contracts/data-rights';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { instanceExpirationStatus } from '@bq/domain/expiration';
import { initials } from '@bq/domain/initials';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { ChangedField } from '../audit/audit-note';
import { accounts, clientProducts, clients, interactionInstances } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import type { ProductConfigurationRow } from '../products/product-access';
import { assertIdentityEditable, clientViewFor, showClient, type ClientView } from '../anonymisation/client-view';
import { newPublicToken } from './client-tokens';
import { isUniqueViolation } from '../../db/sql-state';
import { NO_MAILS, instanceMails, type InstanceMails } from '../mail/mail-delivery';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import { reviewChange } from '../yearly-review/review-change';
import { rowReviewDueAt } from '../yearly-review/review-due';

export const CLIENT_ERRORS = {
  duplicate: 'error.client.duplicate',
  limitReached: 'error.client.limit_reached',
} as const;

type ClientRow = typeof clients.$inferSelect;

/** The client as the API answers it; with `view`, as that viewer may see it (anonymisation/client-view.ts). */
export function toClient(row: ClientRow, membership: { active: boolean; productConfigurationId: string }, view?: ClientView): TClient {
  const identity = { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone };
  const shown = view
    ? showClient(view, identity)
    : { ...identity, initials: initials(row.firstName, row.lastName), anonymize: false, anonymizedName: null, anonymizedInitials: null, anonymizationKind: 'NAME' as const };
  return {
    token: row.token,
    firstName: shown.firstName,
    lastName: shown.lastName,
    initials: shown.initials,
    email: shown.email,
    phone: shown.phone,
    group: row.clientGroup,
    source: row.source,
    locale: row.locale,
    salutation: shown.anonymize ? 'NEUTRAL' : row.salutation,
    createdAt: row.createdAt.toISOString(),
    active: membership.active,
    productConfigurationId: membership.productConfigurationId,
    erasedAt: row.erasedAt?.toISOString() ?? null,
    anonymize: shown.anonymize,
    anonymizedName: shown.anonymizedName,
    anonymizedInitials: shown.anonymizedInitials,
    anonymizationKind: shown.anonymizationKind,
  };
}

/** The instance as lists show it, with where its invitation and report mails are (mail-delivery.ts). */
export function toInstanceSummary(row: typeof interactionInstances.$inferSelect, mails: InstanceMails, now = new Date()): TInstanceSummary {
  return {
    ...mails,
    token: row.token,
    interactionId: row.interactionId,
    status: row.status as TInstanceSummary['status'],
    lockStatus: row.lockStatus as TInstanceSummary['lockStatus'],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expirationStatus: instanceExpirationStatus(row.status, row.expiresAt, now),
  };
}

export async function clientLimit(db: Db, accountId: string): Promise<TResourceLimit> {
  const [account] = await db.select({ maxClients: accounts.maxClients }).from(accounts).where(eq(accounts.id, accountId));
  const [used] = await db.select({ n: count() }).from(clients).where(eq(clients.accountId, accountId));
  const limit = account?.maxClients ?? null;
  const n = used?.n ?? 0;
  return { limit, used: n, available: limit === null || n < limit };
}

/** `config`: the product the route declared (input.productConfigurationId), checked for BQ_USER/CREATE in its realm. */
export async function createClient(db: Db, auth: AuthContext, config: ProductConfigurationRow, input: TCreateClientRequest): Promise<TClient> {
  const fields = ZClientFields.parse(input);
  const email = fields.email.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      // Lock the account row so two concurrent creates cannot both take the last free place.
      await tx.execute(sql`select id from ${accounts} where ${accounts.id} = ${auth.accountId} for update`);
      const [existing] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.accountId, auth.accountId), eq(clients.email, email)))
        .limit(1);
      if (existing) throw new AppError(CLIENT_ERRORS.duplicate, 409, 'A client with this e-mail already exists');
      const limit = await clientLimit(tx as unknown as Db, auth.accountId);
      if (!limit.available) throw new AppError(CLIENT_ERRORS.limitReached, 403, 'The account has reached its client limit');
      const [row] = await tx
        .insert(clients)
        .values({
          accountId: auth.accountId,
          token: newPublicToken(),
          firstName: fields.firstName,
          lastName: fields.lastName,
          email,
          phone: fields.phone,
          clientGroup: fields.group,
          locale: fields.locale,
          salutation: fields.salutation,
          createdBy: auth.userId,
        })
        .returning();
      await tx.insert(clientProducts).values({ clientId: row!.id, productConfigurationId: config.id, accountId: auth.accountId });
      return toClient(row!, { active: true, productConfigurationId: config.id });
    });
  } catch (err) {
    // The unique index is the last word when two creates race past the check above.
    if (isUniqueViolation(err)) throw new AppError(CLIENT_ERRORS.duplicate, 409, 'A client with this e-mail already exists');
    throw err;
  }
}

/** The client of this account with this token, and its membership in the product configuration. */
async function findClientInProduct(db: Db, accountId: string, token: string, productConfigurationId: string) {
  const [row] = await db
    .select({ client: clients, membership: clientProducts })
    .from(clients)
    .innerJoin(
      clientProducts,
      and(eq(clientProducts.clientId, clients.id), eq(clientProducts.productConfigurationId, productConfigurationId)),
    )
    .where(and(eq(clients.accountId, accountId), eq(clients.token, token)))
    .limit(1);
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return row;
}

export async function updateClient(
  db: Db,
  auth: AuthContext,
  /** The product the route declared (input.productConfigurationId), checked for BQ_USER/UPDATE in its realm. */
  config: ProductConfigurationRow,
  input: TUpdateClientRequest,
  /** Notes the edit's changed fields (old and new) for the request's audit event. */
  noteChanges?: (changed: ChangedField[]) => void,
): Promise<TClient> {
  const { client, membership } = await findClientInProduct(db, auth.accountId, input.token, config.id);
  // An erased client's pseudonym stays one (docs/decisions/0043).
  if (client.erasedAt) throw new AppError(DATA_RIGHTS_ERRORS.erased, 409, 'This client has been erased');
  const view = await clientViewFor(db, auth, config.id, client.id);
  // An anonymised client's group and language may change; who they are may not (it would have to be seen first).
  if (input.firstName !== undefined || input.lastName !== undefined || input.email !== undefined || input.phone !== undefined || input.salutation !== undefined) {
    assertIdentityEditable(view);
  }
  const fields = ZClientFieldsPatch.parse(input);
  const changes: Partial<typeof clients.$inferInsert> = { updatedAt: new Date() };
  if (input.firstName !== undefined) changes.firstName = fields.firstName;
  if (input.lastName !== undefined) changes.lastName = fields.lastName;
  if (input.email !== undefined) changes.email = fields.email!.toLowerCase();
  if (input.phone !== undefined) changes.phone = fields.phone;
  if (input.group !== undefined) changes.clientGroup = fields.group;
  if (input.locale !== undefined) changes.locale = fields.locale;
  if (input.salutation !== undefined) changes.salutation = fields.salutation;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.update(clients).set(changes).where(eq(clients.id, client.id)).returning();
      const before = { firstName: client.firstName, lastName: client.lastName, email: client.email, phone: client.phone, group: client.clientGroup, locale: client.locale, salutation: client.salutation };
      const after = { firstName: row!.firstName, lastName: row!.lastName, email: row!.email, phone: row!.phone, group: row!.clientGroup, locale: row!.locale, salutation: row!.salutation };
      const changed = (Object.keys(before) as (keyof typeof before)[])
        .filter((field) => before[field] !== after[field])
        .map((field) => ({ field, old: before[field] ?? null, new: after[field] ?? null }));
      noteChanges?.(changed);
      return toClient(row!, { active: membership.active, productConfigurationId: config.id }, view);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(CLIENT_ERRORS.duplicate, 409, 'Another client has this e-mail');
    throw err;
  }
}

/** `config`: the account's product of the body's productType, checked for BQ_USER/UPDATE in its realm by the route. */
export async function setClientActive(db: Db, auth: AuthContext, token: string, config: ProductConfigurationRow, active: boolean): Promise<TClient> {
  const { client } = await findClientInProduct(db, auth.accountId, token, config.id);
  // An erased client stays inactive: a pseudonym is sent nothing (docs/decisions/0077).
  if (active && client.erasedAt) throw new AppError(DATA_RIGHTS_ERRORS.erased, 409, 'This client has been erased');
  await db
    .update(clientProducts)
    .set({ active, deactivatedAt: active ? null : new Date() })
    .where(and(eq(clientProducts.clientId, client.id), eq(clientProducts.productConfigurationId, config.id)));
  return toClient(client, { active, productConfigurationId: config.id }, await clientViewFor(db, auth, config.id, client.id));
}

/** `config`: the product the route declared (the path's :id), checked for BQ_USER/READ in its realm. */
export async function clientProfile(db: Db, auth: AuthContext, token: string, config: ProductConfigurationRow): Promise<TClientProfile> {
  const { client, membership } = await findClientInProduct(db, auth.accountId, token, config.id);
  const instances = await db
    .select()
    .from(interactionInstances)
    .where(and(eq(interactionInstances.clientId, client.id), eq(interactionInstances.productConfigurationId, config.id)))
    .orderBy(desc(interactionInstances.createdAt));
  const now = new Date();
  const mails = await instanceMails(db, instances.map((i) => i.id));
  const finished = (i: (typeof instances)[number]) => i.filledAt ?? i.createdAt;
  const latestResult = instances.filter((i) => hasResult(i.status)).sort((a, b) => finished(b).getTime() - finished(a).getTime())[0];
  const latest = instances[0];
  return {
    ...toClient(client, { active: membership.active, productConfigurationId: config.id }, await clientViewFor(db, auth, config.id, client.id)),
    productType: config.productType,
    instances: instances.map((i) => toInstanceSummary(i, mails.get(i.id) ?? NO_MAILS, now)),
    reviewDueAt: latest && latest === latestResult ? rowReviewDueAt(config, { status: latest.status, finishedAt: finished(latest) }) : null,
    latestResultAt: latestResult ? finished(latestResult).toISOString() : null,
    reviewChange: await reviewChange(db, auth, config, latestResult),
  };
}
