// The account's evaluators as SCIM Users (docs/decisions/0047): read, create, replace and delete, always within the
// token's account and only the users SCIM manages (scim-scope.ts, docs/decisions/0062); a user of another account, one
// SCIM does not manage, a deleted one and an id that is not ours are all "not found".
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Locale } from '@bq/domain/locales';
import type { Permission } from '@bq/domain/permissions';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { hashPassword } from '../../plugins/passwords';
import { changedFieldForTrail, type ChangedField } from '../audit/audit-note';
import { endUserAccess } from './end-user-access';
import { newEvaluatorDefaults } from '../user/evaluator-defaults';
import { scimError } from './scim-error';
import { inConfirmedDomain, isBeyondScim, isScimManaged, scimScopeOf, type ScimScope } from './scim-scope';
import { signInAddressChanged } from './sign-in-address-change';
import { isUniqueViolation } from '../../db/sql-state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 100;

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  active: users.active,
  locale: users.locale,
  externalId: users.scimExternalId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  accountId: users.accountId,
  permissions: users.permissions,
  provisionedAt: users.scimProvisionedAt,
};
type Row = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
  locale: Locale;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  accountId: string;
  permissions: Permission[];
  provisionedAt: Date | null;
};

/** What a write needs besides the database: the mail outbox's queue and the settings (the notice to an old address). */
export interface ScimWriteEnv {
  queue: JobQueue;
  config: Pick<Config, 'publicUrl' | 'dataEncryptionKeys'>;
}

/** The SCIM shape of a user row: userName and the one e-mail are the address. */
export function toScimUser(row: Row): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: { givenName: row.firstName, familyName: row.lastName },
    displayName: `${row.firstName} ${row.lastName}`.trim() || row.email,
    emails: [{ value: row.email, type: 'work', primary: true }],
    preferredLanguage: row.locale === 'DE_DE' ? 'de-DE' : row.locale === 'EN_UK' ? 'en-GB' : 'en-US',
    active: row.active,
    meta: { created: row.createdAt, lastModified: row.updatedAt },
  };
}

const inAccount = (accountId: string) => and(eq(users.accountId, accountId), isNull(users.scimDeletedAt));

export async function listScimUsers(db: Db, accountId: string, userName?: string): Promise<Row[]> {
  // userName is case-insensitive (RFC 7643) and stored lower-cased: the common directory query is one indexed lookup.
  const where = userName === undefined ? inAccount(accountId) : and(inAccount(accountId), eq(users.email, userName.trim().toLowerCase()));
  const [rows, scope] = await Promise.all([db.select(columns).from(users).where(where).orderBy(asc(users.createdAt), asc(users.id)), scimScopeOf(db, accountId)]);
  return rows.filter((row) => isScimManaged(scope, row));
}

const notFound = (id: string) => scimError(404, undefined, 'error.not_found', `Resource ${id} not found`);

/** The user with this id if SCIM manages it, with the account's scope the answer was decided by. */
async function managedUser(db: Db | Tx, accountId: string, id: string): Promise<{ row: Row; scope: ScimScope }> {
  const [row] = UUID.test(id) ? await db.select(columns).from(users).where(and(inAccount(accountId), eq(users.id, id))).limit(1) : [];
  if (!row) throw notFound(id);
  const scope = await scimScopeOf(db, accountId);
  if (!isScimManaged(scope, row)) throw notFound(id);
  return { row, scope };
}

export async function findScimUser(db: Db | Tx, accountId: string, id: string): Promise<Row> {
  return (await managedUser(db, accountId, id)).row;
}

/** What this service keeps of an incoming SCIM User (already checked against the core schema by scimmy). */
export interface ScimUserInput {
  userName?: string;
  name?: { givenName?: string; familyName?: string; formatted?: string };
  displayName?: string;
  externalId?: string;
  active?: boolean;
  preferredLanguage?: string;
}

function fieldsOf(input: ScimUserInput) {
  const email = (input.userName ?? '').trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 320) throw scimError(400, 'invalidValue', 'error.scim.user_name_not_email', 'userName must be an e-mail address');
  const words = (input.name?.formatted ?? input.displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const firstName = (input.name?.givenName ?? words.slice(0, -1).join(' ') ?? '').trim().slice(0, NAME_MAX);
  const lastName = (input.name?.familyName ?? words.at(-1) ?? '').trim().slice(0, NAME_MAX);
  const tag = (input.preferredLanguage ?? '').toLowerCase();
  const locale: Locale | undefined = tag.startsWith('de') ? 'DE_DE' : tag === 'en-gb' ? 'EN_UK' : tag.startsWith('en') ? 'EN_US' : undefined;
  return { email, firstName, lastName, locale, externalId: input.externalId?.slice(0, 200) ?? null };
}

const taken = () => scimError(409, 'uniqueness', 'error.scim.user_name_taken', 'A user with this userName already exists');

/** POST /Users: a new evaluator, or the revival of one the directory deleted earlier in this account. */
export async function createScimUser(db: Db, accountId: string, input: ScimUserInput): Promise<Row> {
  const fields = fieldsOf(input);
  // Nobody knows a password: a hash of 256 random bits. Users sign in by password recovery or single sign-on.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ ...columns, deletedAt: users.scimDeletedAt }).from(users).where(eq(users.email, fields.email)).limit(1);
      const { locale, externalId, ...rest } = fields;
      const active = input.active ?? true;
      if (existing) {
        if (existing.accountId !== accountId || existing.deletedAt === null) throw taken();
        // Someone who became an admin or the break-glass admin since the directory deleted them is not its to revive.
        if (isBeyondScim(await scimScopeOf(tx, accountId), existing)) throw taken();
        await tx
          .update(users)
          .set({
            ...rest,
            ...(locale ? { locale } : {}),
            scimExternalId: externalId,
            active,
            scimDeletedAt: null,
            scimProvisionedAt: existing.provisionedAt ?? new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id));
        return findScimUser(tx, accountId, existing.id);
      }
      const defaults = await newEvaluatorDefaults(tx, accountId);
      const [row] = await tx
        .insert(users)
        .values({ accountId, ...rest, ...(locale ? { locale } : {}), scimExternalId: externalId, scimProvisionedAt: new Date(), passwordHash, active, ...defaults })
        .returning(columns);
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** What the trail keeps of a changed sign-in address: digests of the old and new one, and the sessions it ended. */
export interface ScimAddressChange {
  changed: ChangedField[];
  sessionsEnded: number;
}

const outsideDomains = () =>
  scimError(400, 'invalidValue', 'error.scim.user_name_outside_domains', "userName may change only to an address in one of the account's confirmed domains");

/**
 * PUT /Users/{id}, and PATCH after scimmy applied the operations: the user's attributes become these. A new address
 * must be of a confirmed domain, and it ends what the old one opened (sign-in-address-change.ts).
 */
export async function replaceScimUser(
  db: Db,
  env: ScimWriteEnv,
  accountId: string,
  id: string,
  input: ScimUserInput,
): Promise<{ row: Row; deactivated: boolean; reactivated: boolean; addressChange: ScimAddressChange | null }> {
  const fields = fieldsOf(input);
  const { locale, externalId, ...rest } = fields;
  try {
    return await db.transaction(async (tx) => {
      const { row: before, scope } = await managedUser(tx, accountId, id);
      const addressChanged = fields.email !== before.email;
      if (addressChanged && !inConfirmedDomain(scope, fields.email)) throw outsideDomains();
      const active = input.active ?? before.active;
      await tx
        .update(users)
        .set({ ...rest, ...(locale ? { locale } : {}), scimExternalId: externalId, active, updatedAt: new Date() })
        .where(eq(users.id, id));
      const change = addressChanged
        ? await signInAddressChanged(tx, env.queue, env.config, {
            user: { id, accountId, firstName: fields.firstName, lastName: fields.lastName, locale: locale ?? before.locale },
            oldEmail: before.email,
            newEmail: fields.email,
          })
        : null;
      const deactivated = before.active && !active;
      if (deactivated) await endUserAccess(tx, id);
      const reactivated = !before.active && active;
      // The trail keeps that the address changed, as digests (audit-note.ts): never the addresses themselves.
      const addressChange = change && {
        changed: [changedFieldForTrail(env.config.dataEncryptionKeys, accountId, { field: 'email', old: before.email, new: fields.email })],
        sessionsEnded: change.sessionsEnded,
      };
      const [row] = await tx.select(columns).from(users).where(eq(users.id, id));
      return { row: row!, deactivated, reactivated, addressChange };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** DELETE /Users/{id}: deactivated and hidden from SCIM; the row stays for results and the audit trail. */
export async function deleteScimUser(db: Db, accountId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findScimUser(tx, accountId, id);
    await tx.update(users).set({ active: false, scimDeletedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    await endUserAccess(tx, id);
  });
}
