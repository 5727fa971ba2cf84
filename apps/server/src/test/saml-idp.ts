// A local SAML 2.0 identity provider for tests (API tests and the browser journey): its SSO URL takes the app's
// AuthnRequest (HTTP-Redirect binding) and answers a page that auto-posts a SAMLResponse with an assertion signed by
// its test key (xml-crypto, RSA-SHA256, exclusive c14n) to the request's ACS URL, as Entra ID or Okta do. The person
// is whoever the test names next; `responseXml` builds (and may falsify) an answer without the page.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { selfSignedCertificate, type TestSigningKey } from './self-signed-certificate';

export interface SamlAnswer {
  /** The AuthnRequest answered (InResponseTo of the Response and of the SubjectConfirmationData). */
  requestId: string | null;
  acsUrl: string;
  audience: string;
  nameId: string;
  issuer?: string;
  attributes?: Record<string, string>;
  /** NotOnOrAfter of the subject confirmation and the conditions (default: in five minutes). */
  notOnOrAfter?: Date;
  assertionId?: string;
  recipient?: string;
  /** The Response's Destination (default the ACS URL; null leaves it out). */
  destination?: string | null;
  /** false: no signature at all. */
  sign?: boolean;
  /** Another key than the provider's (a signature the account never trusted). */
  key?: TestSigningKey;
  /** Other algorithm URIs than RSA-SHA256 and SHA-256 (a provider still signing with SHA-1). */
  algorithms?: { signature?: string; digest?: string };
}

export interface TestSamlIdp {
  url: string;
  ssoUrl: string;
  entityId: string;
  key: TestSigningKey;
  /** Who the next AuthnRequest signs in, and how the answer is altered. */
  next(answer: Partial<SamlAnswer> & { nameId: string }): void;
  lastRequest: { id: string; acsUrl: string; issuer: string } | null;
  responseXml(answer: SamlAnswer): string;
  close(): Promise<void>;
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const newId = () => `_${randomBytes(16).toString('hex')}`;

export function signedResponseXml(entityId: string, providerKey: TestSigningKey, answer: SamlAnswer): string {
  const now = new Date();
  const until = answer.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const issuer = esc(answer.issuer ?? entityId);
  const inResponseTo = answer.requestId ? ` InResponseTo="${esc(answer.requestId)}"` : '';
  const destination = answer.destination === null ? '' : ` Destination="${esc(answer.destination ?? answer.acsUrl)}"`;
  const attributes = Object.entries(answer.attributes ?? {})
    .map(([name, value]) => `<saml:Attribute Name="${esc(name)}"><saml:AttributeValue>${esc(value)}</saml:AttributeValue></saml:Attribute>`)
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${esc(answer.assertionId ?? newId())}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(answer.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${until.toISOString()}" Recipient="${esc(answer.recipient ?? answer.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${new Date(now.getTime() - 60_000).toISOString()}" NotOnOrAfter="${until.toISOString()}"><saml:AudienceRestriction><saml:Audience>${esc(answer.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${newId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion>`;
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newId()}" Version="2.0" IssueInstant="${now.toISOString()}"${destination}${inResponseTo}>` +
    `<saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  if (answer.sign === false) return response;
  const key = answer.key ?? providerKey;
  const signer = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: answer.algorithms?.signature ?? 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: answer.algorithms?.digest ?? 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  // The signature goes right after the assertion's Issuer, where the SAML schema puts it.
  signer.computeSignature(response, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
  return signer.getSignedXml();
}

/** The auto-posting page a provider answers with (HTTP-POST binding). */
export function autoPostPage(acsUrl: string, samlResponse: string, relayState: string): string {
  return (
    `<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body>` +
    `<form method="post" action="${esc(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${esc(samlResponse)}">` +
    `<input type="hidden" name="RelayState" value="${esc(relayState)}"><noscript><button type="submit">Continue</button></noscript></form>` +
    `<script>document.forms[0].submit()</script></body></html>`
  );
}

export async function startSamlIdp(opts: { port?: number } = {}): Promise<TestSamlIdp> {
  const key = selfSignedCertificate('BQ test identity provider');
  let pending: (Partial<SamlAnswer> & { nameId: string }) | null = null;
  const idp: TestSamlIdp = {
    url: '',
    ssoUrl: '',
    entityId: '',
    key,
    next: (answer) => {
      pending = answer;
    },
    lastRequest: null,
    responseXml: (answer) => signedResponseXml(idp.entityId, key, answer),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = createServer((req, res) => {
    const here = new URL(req.url ?? '/', idp.url);
    if (here.pathname !== '/sso' || !here.searchParams.get('SAMLRequest')) {
      res.writeHead(404).end();
      return;
    }
    const requestXml = inflateRawSync(Buffer.from(here.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    const request = new DOMParser().parseFromString(requestXml, 'text/xml').documentElement!;
    const issuer = request.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0]?.textContent ?? '';
    idp.lastRequest = { id: request.getAttribute('ID') ?? '', acsUrl: request.getAttribute('AssertionConsumerServiceURL') ?? '', issuer };
    const person = pending;
    pending = null;
    if (!person) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('The test named no one to sign in');
      return;
    }
    const xml = idp.responseXml({ requestId: idp.lastRequest.id, acsUrl: idp.lastRequest.acsUrl, audience: issuer, ...person });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(autoPostPage(idp.lastRequest.acsUrl, Buffer.from(xml).toString('base64'), here.searchParams.get('RelayState') ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  idp.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp.ssoUrl = `${idp.url}/sso`;
  idp.entityId = `${idp.url}/entity`;
  return idp;
}
