// The account admin's single sign-on settings (Settings > Single sign-on): provider, client, encrypted secret, the
// account's e-mail domains (claimed once, by one account; confirmed by a platform operator), sign-on required and the
// break-glass admin who keeps the password. docs/decisions/0046.
import { and, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { TSamlSettingsRequest } from '@bq/contracts/saml';
import type { TSsoSettingsRequest, TSsoSettingsResponse } from '@bq/contracts/sso';
import { SSO_CALLBACK_PATH } from '@bq/contracts/sso';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { sessions, ssoConnections, ssoDomains, users } from '../../db/schema';
import { encryptSecret } from '../../plugins/data-encryption';
import { samlSettingsOf } from './saml-connection';
import { EgressRefusedError, assertPublicDestination } from '../egress/public-destination';
import { SSO_ERRORS } from './oidc-code-flow';

export const SSO_SETTINGS_ERRORS = {
  domainTaken: 'error.sso.domain_taken',
  clientSecretRequired: 'error.sso.client_secret_required',
  breakGlassUnknown: 'error.sso.break_glass_unknown',
  breakGlassRequired: 'error.sso.break_glass_required',
} as const;

export const redirectUriOf = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}${SSO_CALLBACK_PATH}`;

export async function ssoSettings(db: Db, config: Config, accountId: string): Promise<TSsoSettingsResponse> {
  const [connection] = await db.select().from(ssoConnections).where(eq(ssoConnections.accountId, accountId)).limit(1);
  const domains = await db
    .select({ domain: ssoDomains.domain, confirmedAt: ssoDomains.confirmedAt })
    .from(ssoDomains)
    .where(eq(ssoDomains.accountId, accountId))
    .orderBy(ssoDomains.domain);
  let breakGlassEmail: string | null = null;
  if (connection?.breakGlassUserId) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, connection.breakGlassUserId)).limit(1);
    breakGlassEmail = user?.email ?? null;
  }
  return {
    configured: Boolean(connection),
    issuer: connection?.issuer ?? null,
    clientId: connection?.clientId ?? null,
    clientSecretSet: Boolean(connection?.clientSecretEncrypted),
    domains: domains.map((d) => ({ domain: d.domain, confirmedAt: d.confirmedAt?.toISOString() ?? null })),
    signOnRequired: connection?.signOnRequired ?? false,
    breakGlassEmail,
    redirectUri: redirectUriOf(config),
    protocol: connection?.protocol ?? null,
    saml: await samlSettingsOf(db, config, accountId),
  };
}

export async function updateSsoSettings(db: Db, config: Config, accountId: string, body: TSsoSettingsRequest): Promise<TSsoSettingsResponse> {
  const [existing] = await db.select().from(ssoConnections).where(eq(ssoConnections.accountId, accountId)).limit(1);
  const secret = body.clientSecret
    ? encryptSecret(config.dataEncryptionKeys, 'sso-client-secret', body.clientSecret, accountId)
    : (existing?.clientSecretEncrypted ?? null);
  if (!secret) throw new AppError(SSO_SETTINGS_ERRORS.clientSecretRequired, 400, 'Enter the client secret');

  const breakGlassUserId = await breakGlassUserOf(db, accountId, body);
  await db.transaction(async (tx) => {
    await saveSignInRules(tx, accountId, body.domains, {
      protocol: 'OIDC',
      issuer: body.issuer.trim(),
      clientId: body.clientId,
      clientSecretEncrypted: secret,
      signOnRequired: body.signOnRequired,
      breakGlassUserId,
      updatedAt: new Date(),
    });
  });
  return ssoSettings(db, config, accountId);
}

/**
 * An issuer at an internal address is refused when saved, not only at the first sign-in (the egress gate of every
 * request to it, oidc-code-flow.ts). A name that does not resolve now is saved: the sign-in will say it is unreachable.
 * The lookup waits on DNS: the route runs it before its unit of work opens (routes.ts, db/request-work.ts).
 */
export async function assertIssuerPublic(config: Config, issuer: string): Promise<void> {
  try {
    await assertPublicDestination(new URL(issuer).hostname, { allowHosts: config.EGRESS_ALLOW_HOSTS });
  } catch (err) {
    if (err instanceof EgressRefusedError) throw new AppError(SSO_ERRORS.privateAddress, 400, `The issuer's address is not public: ${err.message}`);
  }
}

type SignInRules = Pick<TSsoSettingsRequest | TSamlSettingsRequest, 'signOnRequired' | 'breakGlassEmail'>;

/** The break-glass admin named in the settings (an active user of the account), required with sign-on required. */
export async function breakGlassUserOf(db: Db, accountId: string, body: SignInRules): Promise<string | null> {
  let breakGlassUserId: string | null = null;
  if (body.breakGlassEmail) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, body.breakGlassEmail.trim().toLowerCase()), eq(users.accountId, accountId), eq(users.active, true)))
      .limit(1);
    if (!user) throw new AppError(SSO_SETTINGS_ERRORS.breakGlassUnknown, 400, 'The break-glass admin must be an active user of this account');
    breakGlassUserId = user.id;
  }
  // Without a named exception, sign-on required could lock everyone out when the provider fails.
  if (body.signOnRequired && !breakGlassUserId) throw new AppError(SSO_SETTINGS_ERRORS.breakGlassRequired, 400, 'Name the break-glass admin');
  return breakGlassUserId;
}

/** Saves the account's connection row and its domains, in the caller's transaction; a domain of another account undoes it. */
export async function saveSignInRules(
  tx: Tx,
  accountId: string,
  requestedDomains: string[],
  values: Partial<typeof ssoConnections.$inferInsert> & { protocol: 'OIDC' | 'SAML'; signOnRequired: boolean; breakGlassUserId: string | null },
): Promise<void> {
  const domains = [...new Set(requestedDomains)];
  const [before] = await tx.select({ signOnRequired: ssoConnections.signOnRequired }).from(ssoConnections).where(eq(ssoConnections.accountId, accountId)).for('update');
  await tx.insert(ssoConnections).values({ accountId, ...values }).onConflictDoUpdate({ target: ssoConnections.accountId, set: values });
  await tx.delete(ssoDomains).where(and(eq(ssoDomains.accountId, accountId), domains.length ? notInArray(ssoDomains.domain, domains) : undefined));
  // Switched on: the domain's people signed in with a password until now sign in again, through the provider.
  if (values.signOnRequired && !before?.signOnRequired) await endDomainSessions(tx, accountId, values.breakGlassUserId);
  if (domains.length === 0) return;
  await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, accountId }))).onConflictDoNothing();
  const owners = await tx.select({ domain: ssoDomains.domain, accountId: ssoDomains.accountId }).from(ssoDomains).where(inArray(ssoDomains.domain, domains));
  const taken = owners.filter((o) => o.accountId !== accountId).map((o) => o.domain);
  // Another account claimed it first: the whole save is undone, and the answer names no other account.
  if (taken.length) throw new AppError(SSO_SETTINGS_ERRORS.domainTaken, 409, `Already claimed by another account: ${taken.join(', ')}`);
}

/**
 * Ends the open sessions of the account's users in its confirmed domains, except the break-glass admin's. Sessions do
 * not record how they began, so sessions begun through the provider end too (their users sign in again at once).
 */
async function endDomainSessions(tx: Tx, accountId: string, breakGlassUserId: string | null): Promise<void> {
  const covered = tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      ssoDomains,
      and(eq(ssoDomains.accountId, users.accountId), eq(ssoDomains.domain, sql`lower(split_part(${users.email}, '@', 2))`), isNotNull(ssoDomains.confirmedAt)),
    )
    .where(and(eq(users.accountId, accountId), breakGlassUserId ? ne(users.id, breakGlassUserId) : undefined));
  await tx.delete(sessions).where(inArray(sessions.userId, covered));
}

/** A platform operator confirms an account's claim of a domain; from then on its users are sent to the provider. */
export async function confirmSsoDomain(db: Db, operatorId: string, domain: string) {
  const [row] = await db
    .update(ssoDomains)
    .set({ confirmedAt: new Date(), confirmedBy: operatorId })
    .where(eq(ssoDomains.domain, domain))
    .returning({ domain: ssoDomains.domain, accountId: ssoDomains.accountId, confirmedAt: ssoDomains.confirmedAt });
  if (!row) throw new AppError('error.not_found', 404, 'No account claims this domain');
  return { domain: row.domain, accountId: row.accountId, confirmedAt: row.confirmedAt!.toISOString() };
}
