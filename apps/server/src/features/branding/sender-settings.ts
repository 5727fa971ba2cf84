// The account's own sender (docs/decisions/0056): the SMTP server its mails leave through and the address they come
// from. The password is stored encrypted (AES-256-GCM under DATA_ENCRYPTION_KEY, bound to the account) and never
// returned. Host names for the account's own address are assigned by a platform operator, as is the powered-by switch.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { BRANDING_ERRORS, type TOperatorBrandingRequest, type TSenderSettings, type TUpdateSenderRequest } from '@bq/contracts/branding';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accountBranding, accountHosts, accounts } from '../../db/schema';
import { decryptSecret, encryptSecret } from '../../plugins/data-encryption';
import { brandingRow, getBranding } from './branding-service';
import type { OwnSmtpConfig } from './own-smtp';
import { testSender } from './test-sender';

const SMTP_NONE = { smtpHost: null, smtpPort: null, smtpUser: null, smtpPasswordEncrypted: null, smtpFrom: null, smtpAllowPlaintext: false };

export async function senderSettings(db: Db, accountId: string): Promise<TSenderSettings> {
  const row = await brandingRow(db, accountId);
  return {
    configured: Boolean(row?.smtpHost && row.smtpFrom),
    host: row?.smtpHost ?? null,
    port: row?.smtpPort ?? null,
    user: row?.smtpUser ?? null,
    passwordSet: Boolean(row?.smtpPasswordEncrypted),
    fromAddress: row?.smtpFrom ?? null,
    allowPlaintext: row?.smtpAllowPlaintext ?? false,
  };
}

/**
 * The test new settings must pass before they are saved (test-sender.ts): the server is checked by the egress gate, a
 * connection signs in (TLS required unless waived) and a test mail reaches the admin making the change; a failure is
 * the 400 that names the step, and nothing is saved. Leaving the password out tests the stored one. The route runs it
 * before its unit of work opens (sender-routes.ts): the test waits on the network for up to the SMTP timeouts, and a
 * unit holds a database connection (PGlite's only one) for as long as it is open.
 */
export async function testNewSender(
  db: Db,
  config: Pick<Config, 'dataEncryptionKeys' | 'MAIL_FROM'> & OwnSmtpConfig,
  actor: { accountId: string; userId: string },
  body: TUpdateSenderRequest,
): Promise<void> {
  const [stored] = await db.select({ password: accountBranding.smtpPasswordEncrypted }).from(accountBranding).where(eq(accountBranding.accountId, actor.accountId));
  const kept = body.password === undefined && stored?.password ? decryptSecret(config.dataEncryptionKeys, 'smtp-password', stored.password, actor.accountId) : null;
  await testSender(db, config, actor, { ...body, password: body.password === undefined ? kept : body.password });
}

/** Saves the account's own sender once testNewSender passed, or removes it (body null). */
export async function updateSenderSettings(
  db: Db,
  config: Pick<Config, 'dataEncryptionKeys' | 'MAIL_FROM'> & OwnSmtpConfig,
  actor: { accountId: string; userId: string },
  body: TUpdateSenderRequest | null,
): Promise<TSenderSettings> {
  const { accountId } = actor;
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ password: accountBranding.smtpPasswordEncrypted }).from(accountBranding).where(eq(accountBranding.accountId, accountId));
    const password =
      body?.password === undefined ? (existing?.password ?? null) : body.password === null ? null : encryptSecret(config.dataEncryptionKeys, 'smtp-password', body.password, accountId);
    const set = body
      ? {
          smtpHost: body.host,
          smtpPort: body.port,
          smtpUser: body.user,
          smtpPasswordEncrypted: password,
          smtpFrom: body.fromAddress,
          smtpAllowPlaintext: body.allowPlaintext,
          updatedAt: new Date(),
        }
      : { ...SMTP_NONE, updatedAt: new Date() };
    await tx.insert(accountBranding).values({ accountId, ...set }).onConflictDoUpdate({ target: accountBranding.accountId, set });
  });
  return senderSettings(db, accountId);
}

/** The operator's settings of an account: the powered-by switch and its host names (one account per host). */
export async function updateOperatorBranding(db: Db, accountId: string, body: TOperatorBrandingRequest) {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  const hosts = [...new Set(body.hosts)];
  await db.transaction(async (tx) => {
    const set = { poweredByHidden: body.poweredByHidden, updatedAt: new Date() };
    await tx.insert(accountBranding).values({ accountId, ...set }).onConflictDoUpdate({ target: accountBranding.accountId, set });
    await tx.delete(accountHosts).where(and(eq(accountHosts.accountId, accountId), hosts.length ? notInArray(accountHosts.host, hosts) : undefined));
    if (hosts.length > 0) {
      await tx.insert(accountHosts).values(hosts.map((host) => ({ host, accountId }))).onConflictDoNothing();
      const owners = await tx.select({ host: accountHosts.host, accountId: accountHosts.accountId }).from(accountHosts).where(inArray(accountHosts.host, hosts));
      const taken = owners.filter((o) => o.accountId !== accountId).map((o) => o.host);
      if (taken.length) throw new AppError(BRANDING_ERRORS.hostTaken, 409, `Already assigned to another account: ${taken.join(', ')}`);
    }
  });
  return getBranding(db, accountId);
}
