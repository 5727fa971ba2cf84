// What this app checks in a SAML assertion beyond node-saml (docs/decisions/0050), always on the signed assertion that
// node-saml verified, never on the unsigned Response around it: the issuer is the account's provider, a bearer
// SubjectConfirmation names this ACS URL as Recipient and this answer's request as InResponseTo, and the subject is
// a plain e-mail address (its whole text: a comment inside NameID must not cut it short).
import type { Profile } from '@node-saml/node-saml';
import { AppError } from '../../app-error';
import type { ProviderIdentity } from './oidc-code-flow';

export const SAML_ERRORS = {
  invalidSignature: 'error.sso.saml_invalid_signature',
  wrongRecipient: 'error.sso.saml_wrong_recipient',
  expired: 'error.sso.saml_expired',
  unknownRequest: 'error.sso.saml_unknown_request',
  replayed: 'error.sso.saml_replayed',
  foreignDomain: 'error.sso.saml_foreign_domain',
  weakAlgorithm: 'error.sso.saml_weak_algorithm',
  /** The answer's request was started by another browser (or this one sent no bq_saml cookie; docs/decisions/0073). */
  browserMismatch: 'error.sso.saml_browser_mismatch',
} as const;

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const PLAIN_EMAIL = /^[^\s@\p{Cc}<>]+@[^\s@\p{Cc}<>]+\.[^\s@\p{Cc}<>]+$/u;
// Entra ID, Okta and Google Workspace name these attributes differently.
const EMAIL_ATTRIBUTES = ['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3'];
const GIVEN_NAME = ['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'firstName', 'givenName', 'urn:oid:2.5.4.42'];
const FAMILY_NAME = ['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'lastName', 'sn', 'surname', 'urn:oid:2.5.4.4'];

/** xml2js node of node-saml's parse: attributes in `$`, text in `_`, children as arrays. */
interface XmlNode {
  $?: Record<string, string>;
  _?: string;
  [child: string]: unknown;
}
const children = (node: XmlNode | undefined, name: string): XmlNode[] => (Array.isArray(node?.[name]) ? (node[name] as XmlNode[]) : []);

export interface CheckedAssertion {
  identity: ProviderIdentity;
  assertionId: string;
  requestId: string;
  /** Until when the assertion could be presented: its id is remembered until then. */
  validUntil: Date;
}

export function checkAssertion(profile: Profile, expected: { idpEntityId: string; acsUrl: string }): CheckedAssertion {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  if (!assertion) throw new AppError(SAML_ERRORS.invalidSignature, 401, 'No signed assertion');
  const issuer = children(assertion, 'Issuer')[0]?._?.trim();
  if (issuer !== expected.idpEntityId) throw new AppError('error.sso.wrong_issuer', 401, 'The assertion names another issuer');

  const requestId = profile.inResponseTo;
  if (typeof requestId !== 'string' || !requestId) throw new AppError(SAML_ERRORS.unknownRequest, 401, 'The answer names no request of this app');
  const subject = children(assertion, 'Subject')[0];
  const confirmations = children(subject, 'SubjectConfirmation').filter((c) => c.$?.Method === BEARER);
  const data = confirmations.flatMap((c) => children(c, 'SubjectConfirmationData'));
  const forUs = data.filter((d) => d.$?.Recipient === expected.acsUrl);
  if (forUs.length === 0) throw new AppError(SAML_ERRORS.wrongRecipient, 401, 'The assertion was issued for another recipient');
  // The signed InResponseTo binds the assertion to the request; the Response's own (unsigned) one is not enough.
  if (!forUs.some((d) => d.$?.InResponseTo === requestId)) throw new AppError(SAML_ERRORS.unknownRequest, 401, 'The assertion answers another request');

  const assertionId = assertion.$?.ID;
  if (!assertionId) throw new AppError(SAML_ERRORS.invalidSignature, 401, 'The assertion has no ID');
  const ends = [...forUs.map((d) => d.$?.NotOnOrAfter), children(assertion, 'Conditions')[0]?.$?.NotOnOrAfter]
    .map((t) => (t ? Date.parse(t) : NaN))
    .filter((t) => Number.isFinite(t));
  const validUntil = new Date(ends.length ? Math.max(...ends) : Date.now() + 24 * 3600_000);

  return { identity: identityOf(profile, subject, issuer), assertionId, requestId, validUntil };
}

function identityOf(profile: Profile, subject: XmlNode | undefined, issuer: string): ProviderIdentity {
  const nameIdNode = children(subject, 'NameID')[0];
  // The whole text of NameID as node-saml's parser joined it: "user@evil.com<!---->.bank.example" stays one address
  // (user@evil.com.bank.example) and so cannot pass for user@evil.com.
  const nameId = typeof nameIdNode?._ === 'string' ? nameIdNode._.trim() : '';
  const attribute = (names: string[]) => {
    for (const name of names) {
      const value = profile[name];
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string' && first.trim()) return first.trim();
    }
    return null;
  };
  const email = (PLAIN_EMAIL.test(nameId) ? nameId : (attribute(EMAIL_ATTRIBUTES) ?? '')).toLowerCase();
  if (email.length > 254 || !PLAIN_EMAIL.test(email)) throw new AppError('error.sso.invalid_email', 401, 'The assertion carries no plain e-mail address');
  return {
    issuer,
    subject: nameId || email,
    email,
    givenName: attribute(GIVEN_NAME),
    familyName: attribute(FAMILY_NAME),
    name: attribute(['http://schemas.microsoft.com/identity/claims/displayname', 'displayName', 'name']),
    locale: attribute(['locale', 'preferredLanguage']),
  };
}

/** node-saml's refusals, as the API's error keys. */
export function refusalOf(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const message = err instanceof Error ? err.message : '';
  if (/InResponseTo/i.test(message)) return new AppError(SAML_ERRORS.unknownRequest, 401, 'The answer names no open request of this app');
  if (/audience/i.test(message)) return new AppError('error.sso.wrong_audience', 401, 'The assertion was issued to another service provider');
  if (/expired|not yet valid|subject confirmation/i.test(message)) return new AppError(SAML_ERRORS.expired, 401, 'The assertion is expired or not yet valid');
  if (/signature|multiple assertions|signed data/i.test(message)) return new AppError(SAML_ERRORS.invalidSignature, 401, 'The assertion is not signed by the provider');
  if (/provider returned/i.test(message)) return new AppError('error.sso.cancelled', 401, 'The provider did not sign you in');
  return new AppError('error.sso.invalid_token', 401, 'The sign-in could not be verified');
}
