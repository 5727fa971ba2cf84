// This app as a SAML 2.0 service provider for one account, through @node-saml/node-saml (docs/decisions/0050): the
// AuthnRequest (HTTP-Redirect binding), the check of the provider's answer (signed assertion required, audience,
// timestamps, InResponseTo) and the SP metadata. The AuthnRequests sent are kept in saml_requests (the node-saml cache
// provider below), so every server process knows them and an answer spends its request once.
import { and, eq, gt, lt } from 'drizzle-orm';
import { SAML, ValidateInResponseTo, generateServiceProviderMetadata, type CacheItem, type CacheProvider } from '@node-saml/node-saml';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { samlRequests } from '../../db/schema';
import { serviceProviderOf, type SamlConnection } from './saml-connection';

/** How long an AuthnRequest waits for its answer. */
export const SAML_REQUEST_SECONDS = 600;
/** The clock difference allowed between the provider and this server for NotBefore and NotOnOrAfter. */
export const SAML_CLOCK_SKEW_MS = 30_000;
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** An answered request: where to land, and the hash of the browser that started it (saml-browser-binding.ts). */
export interface SpentSamlRequest {
  redirectUrl: string;
  browserHash: string;
}

/**
 * The account's AuthnRequests in the database; `spend` takes one out, once. At the start, `started` says where to land
 * and which browser started it; the ACS's store needs neither.
 */
export class SamlRequestStore implements CacheProvider {
  /** Requests this answer spent. */
  private readonly spent = new Map<string, SpentSamlRequest>();

  constructor(
    private readonly db: Db,
    private readonly accountId: string,
    private readonly started?: SpentSamlRequest,
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    await this.db.delete(samlRequests).where(lt(samlRequests.expiresAt, new Date()));
    const expiresAt = new Date(Date.now() + SAML_REQUEST_SECONDS * 1000);
    if (!this.started) throw new Error('An AuthnRequest is saved only at the start, with its browser');
    await this.db.insert(samlRequests).values({ id: key, accountId: this.accountId, ...this.started, expiresAt });
    return { value, createdAt: Date.now() };
  }

  /** node-saml asks whether the answer's InResponseTo is a request of ours that has not expired. */
  async getAsync(key: string): Promise<string | null> {
    const [row] = await this.db
      .select({ createdAt: samlRequests.createdAt })
      .from(samlRequests)
      .where(and(eq(samlRequests.id, key), eq(samlRequests.accountId, this.accountId), gt(samlRequests.expiresAt, new Date())))
      .limit(1);
    return row ? row.createdAt.toISOString() : null;
  }

  /** node-saml removes the request once an answer named it, accepted or not: the request is spent either way. */
  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    await this.spend(key);
    return key;
  }

  /** The request, or null when it was spent already (also by a concurrent answer) or expired. */
  async spend(key: string): Promise<SpentSamlRequest | null> {
    if (!this.spent.has(key)) {
      const [row] = await this.db
        .delete(samlRequests)
        .where(and(eq(samlRequests.id, key), eq(samlRequests.accountId, this.accountId), gt(samlRequests.expiresAt, new Date())))
        .returning({ redirectUrl: samlRequests.redirectUrl, browserHash: samlRequests.browserHash });
      if (!row) return null;
      this.spent.set(key, row);
    }
    return this.spent.get(key)!;
  }
}

export function serviceProvider(config: Config, connection: SamlConnection, store: SamlRequestStore): SAML {
  const sp = serviceProviderOf(config, connection.accountId);
  return new SAML({
    idpCert: connection.idpCertificate,
    idpIssuer: connection.idpEntityId,
    entryPoint: connection.ssoUrl,
    issuer: sp.spEntityId,
    callbackUrl: sp.acsUrl,
    audience: sp.spEntityId,
    // The assertion itself must carry the provider's signature; a signed Response around an unsigned one is not enough.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_SECONDS * 1000,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    cacheProvider: store,
    identifierFormat: EMAIL_FORMAT,
    // No RequestedAuthnContext: providers that sign in with MFA or passwordless would refuse PasswordProtectedTransport.
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

export function serviceProviderMetadata(config: Config, accountId: string): string {
  const sp = serviceProviderOf(config, accountId);
  return generateServiceProviderMetadata({ issuer: sp.spEntityId, callbackUrl: sp.acsUrl, wantAssertionsSigned: true, identifierFormat: EMAIL_FORMAT });
}
