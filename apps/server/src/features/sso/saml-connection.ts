// An account's SAML identity provider as stored (docs/decisions/0050), and this app's side of the connection: the
// service provider's entity id, ACS URL and metadata URL, one set per account, built from PUBLIC_URL.
import { X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TSamlSettings } from '@bq/contracts/saml';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { samlConnections } from '../../db/schema';

export const SAML_SETTINGS_ERRORS = { invalidCertificate: 'error.sso.saml_invalid_certificate' } as const;

export type SamlConnection = typeof samlConnections.$inferSelect;

export function serviceProviderOf(config: Pick<Config, 'publicUrl'>, accountId: string) {
  const base = `${config.publicUrl}/api/sso/saml/${accountId}`;
  // The metadata's own address is the entity id, as most providers expect (Entra ID: "Identifier (Entity ID)").
  return { spEntityId: `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` };
}

/** The certificate as PEM (a bare base64 body gets its armour), or 400 when it is no X.509 certificate. */
export function readCertificate(text: string): { pem: string; expiresAt: Date } {
  const body = text
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
  try {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new Error('not base64');
    return { pem, expiresAt: new Date(new X509Certificate(pem).validTo) };
  } catch {
    throw new AppError(SAML_SETTINGS_ERRORS.invalidCertificate, 400, 'The signing certificate is not an X.509 certificate (PEM or base64)');
  }
}

export async function samlConnectionOf(db: Db, accountId: string): Promise<SamlConnection | null> {
  const [row] = await db.select().from(samlConnections).where(eq(samlConnections.accountId, accountId)).limit(1);
  return row ?? null;
}

export async function samlSettingsOf(db: Db, config: Config, accountId: string): Promise<TSamlSettings> {
  const connection = await samlConnectionOf(db, accountId);
  return {
    ...serviceProviderOf(config, accountId),
    idpEntityId: connection?.idpEntityId ?? null,
    ssoUrl: connection?.ssoUrl ?? null,
    idpCertificate: connection?.idpCertificate ?? null,
    certificateExpiresAt: connection ? readCertificate(connection.idpCertificate).expiresAt.toISOString() : null,
  };
}
