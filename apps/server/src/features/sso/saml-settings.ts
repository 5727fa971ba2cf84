// The account admin saves the SAML identity provider (PUT /api/account/sso/saml): entity id, SSO URL and signing
// certificate, with the same e-mail domains, sign-on required and break-glass admin as OpenID Connect. Saving it makes
// SAML the account's protocol; the OpenID Connect fields stay stored for a switch back. docs/decisions/0050.
import type { TSamlSettingsRequest } from '@bq/contracts/saml';
import type { TSsoSettingsResponse } from '@bq/contracts/sso';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { samlConnections } from '../../db/schema';
import { readCertificate } from './saml-connection';
import { breakGlassUserOf, saveSignInRules, ssoSettings } from './sso-settings';

export async function updateSamlSettings(db: Db, config: Config, accountId: string, body: TSamlSettingsRequest): Promise<TSsoSettingsResponse> {
  const { pem } = readCertificate(body.idpCertificate);
  const breakGlassUserId = await breakGlassUserOf(db, accountId, body);
  await db.transaction(async (tx) => {
    const now = new Date();
    await saveSignInRules(tx, accountId, body.domains, { protocol: 'SAML', signOnRequired: body.signOnRequired, breakGlassUserId, updatedAt: now });
    const values = { idpEntityId: body.idpEntityId, ssoUrl: body.ssoUrl, idpCertificate: pem, updatedAt: now };
    await tx.insert(samlConnections).values({ accountId, ...values }).onConflictDoUpdate({ target: samlConnections.accountId, set: values });
  });
  return ssoSettings(db, config, accountId);
}
