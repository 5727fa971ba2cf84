// Which users a claimed domain routes to their account's provider (only once a platform operator confirmed the claim),
// and the password rule that follows: with sign-on required, only the break-glass admin keeps the password.
import { and, eq, isNotNull } from 'drizzle-orm';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { samlConnections, ssoConnections, ssoDomains } from '../../db/schema';
import { decryptSecret } from '../../plugins/data-encryption';
import type { Provider } from './oidc-code-flow';

export const domainOf = (email: string) => email.trim().toLowerCase().split('@').at(-1) ?? '';

type Connection = typeof ssoConnections.$inferSelect;

/** The connection of the confirmed domain of this address, or null (then the password works as before). */
export async function routedConnection(db: Db, email: string): Promise<Connection | null> {
  const [row] = await db
    .select({ connection: ssoConnections, samlAccount: samlConnections.accountId })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.accountId, ssoDomains.accountId))
    .leftJoin(samlConnections, eq(samlConnections.accountId, ssoDomains.accountId))
    .where(and(eq(ssoDomains.domain, domainOf(email)), isNotNull(ssoDomains.confirmedAt)))
    .limit(1);
  if (!row) return null;
  // A provider routes only once it is fully set up in the protocol the account chose.
  return isOidcReady(row.connection) || (row.connection.protocol === 'SAML' && row.samlAccount) ? row.connection : null;
}

export const isOidcReady = (connection: Connection) =>
  connection.protocol === 'OIDC' && Boolean(connection.clientSecretEncrypted && connection.issuer && connection.clientId);

export function providerOf(config: Config, connection: Connection): Provider {
  if (!isOidcReady(connection)) throw new AppError('error.sso.not_available', 404, 'Single sign-on with OpenID Connect is not set up');
  return {
    issuer: connection.issuer!,
    clientId: connection.clientId!,
    clientSecret: decryptSecret(config.dataEncryptionKeys, 'sso-client-secret', connection.clientSecretEncrypted!, connection.accountId),
    allowHttp: config.NODE_ENV !== 'production',
    // The account admin chose this address: its requests pass the egress gate (docs/decisions/0073).
    egressAllowHosts: config.EGRESS_ALLOW_HOSTS,
  };
}

/**
 * Whether the address is of one of the account's confirmed domains: the only addresses the account's identity systems
 * (its SAML or OpenID provider, its SCIM directory) speak for (docs/decisions/0050, 0062).
 */
export async function isConfirmedDomainOf(db: Db | Tx, accountId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domainOf(email)), eq(ssoDomains.accountId, accountId), isNotNull(ssoDomains.confirmedAt)))
    .limit(1);
  return Boolean(row);
}

/** The account's confirmed domains (lower-case), for checking many addresses at once. */
export async function confirmedDomainsOf(db: Db | Tx, accountId: string): Promise<Set<string>> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.accountId, accountId), isNotNull(ssoDomains.confirmedAt)));
  return new Set(rows.map((r) => r.domain));
}

/** The account's break-glass admin, or null: the one user no identity system of the account may act for. */
export async function breakGlassUserOf(db: Db | Tx, accountId: string): Promise<string | null> {
  const [row] = await db.select({ id: ssoConnections.breakGlassUserId }).from(ssoConnections).where(eq(ssoConnections.accountId, accountId)).limit(1);
  return row?.id ?? null;
}

/** Every way in that is not the account's own identity provider (issue 36 point 12). */
export type LocalSignInMethod = 'PASSWORD' | 'PASSKEY' | 'GOOGLE';
/** Every way in: the local ones and the account's own provider (features/auth/complete-sign-in.ts). */
export type SignInMethod = LocalSignInMethod | 'OIDC' | 'SAML';

const signOnRequired = () => new AppError('error.sso.sign_on_required', 403, 'This account signs in through its identity provider');

/**
 * The routing rules of a sign-in by `method` (docs/decisions/0046, 0062, 0073). The account's provider (OIDC, SAML)
 * never signs in the account's break-glass admin. Every other way in (the password, a passwordless passkey, Google)
 * is refused for a user whose address the account routes to its provider with sign-on required; the break-glass
 * admin keeps the password and a passkey, not Google, which is no account's own provider.
 */
export async function assertSignInMethodAllowed(db: Db, user: { id: string; accountId: string; email: string }, method: SignInMethod): Promise<void> {
  if (method === 'OIDC' || method === 'SAML') {
    // The same key as sso-evaluator.ts's SSO_SCOPE_ERRORS.breakGlassPasswordOnly (that module imports this one).
    if ((await breakGlassUserOf(db, user.accountId)) === user.id) {
      throw new AppError('error.sso.break_glass_password_only', 403, 'The break-glass admin signs in with the password');
    }
    return;
  }
  const routed = await routedConnection(db, user.email);
  if (!routed || !routed.signOnRequired || routed.accountId !== user.accountId) return;
  if (routed.breakGlassUserId === user.id && method !== 'GOOGLE') return;
  throw signOnRequired();
}

/**
 * Before an outside identity (Google) is linked to, or creates, a user of this address: an address an account routes
 * to its provider with sign-on required belongs to that provider, so nothing else may claim it (the break-glass
 * admin, who may use the password, may not use Google either: it is no account's own provider).
 */
export async function assertAddressNotRouted(db: Db, email: string): Promise<void> {
  const routed = await routedConnection(db, email);
  if (routed?.signOnRequired) throw signOnRequired();
}

/** What the login page asks after the e-mail: go to the provider, or ask for the password. */
export async function lookupSignInMethod(db: Db, email: string): Promise<{ method: 'SSO' | 'PASSWORD'; protocol?: 'OIDC' | 'SAML' }> {
  const routed = await routedConnection(db, email);
  return routed ? { method: 'SSO', protocol: routed.protocol } : { method: 'PASSWORD' };
}
