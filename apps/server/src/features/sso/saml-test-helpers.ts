// Helpers of the SAML API tests: an account whose admin saved the local identity provider (src/test/saml-idp.ts) for a
// confirmed domain; a sign-in that goes as a browser would (start, the provider's auto-posting page, the ACS); and the
// classic attacks built from a genuinely signed answer (signature wrapping, a comment inside NameID).
import { expect } from 'vitest';
import type { TestSamlIdp } from '../../test/saml-idp';
import { TestClient, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { confirmDomain, newIp } from './sso-test-helpers';

export async function samlAccount(t: TestApp, idp: TestSamlIdp, domain: string, opts: { confirm?: boolean; signOnRequired?: boolean } = {}) {
  const acc = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_SELECTION'] });
  const admin = await createUser(t.db, acc.account.id, { email: `admin@${domain}` });
  const http = new TestClient(t.app, newIp());
  expect((await http.login(admin.email, admin.password)).statusCode).toBe(200);
  const saved = await http.request('PUT', '/api/account/sso/saml', {
    idpEntityId: idp.entityId,
    ssoUrl: idp.ssoUrl,
    idpCertificate: idp.key.certificatePem,
    domains: [domain],
    signOnRequired: opts.signOnRequired ?? false,
    breakGlassEmail: opts.signOnRequired ? admin.email : null,
  });
  expect(saved.statusCode).toBe(200);
  if (opts.confirm !== false) await confirmDomain(t, domain);
  const base = `${t.config.publicUrl}/api/sso/saml/${acc.account.id}`;
  return { account: acc.account, admin, adminHttp: http, spEntityId: `${base}/metadata`, acsUrl: `${base}/acs` };
}

/** The SAML start's cookie of a browser, as the Cookie header the browser sends back to the ACS (or undefined). */
export type SamlBrowser = string | undefined;

/**
 * The ACS of a form post from the provider's page (no X-Source: it comes cross-site) by the browser whose cookies
 * `browser` holds (the bq_saml cookie its start set; none: another browser); signs `http` in when it worked.
 */
export async function postToAcs(t: TestApp, http: TestClient, acsUrl: string, samlResponse: string, browser?: SamlBrowser) {
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(acsUrl).pathname,
    remoteAddress: newIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(browser ? { cookie: browser } : {}) },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  const session = res.cookies.find((c) => c.name === 'bq_session');
  if (session?.value) http.cookie = `bq_session=${session.value}`;
  return res;
}

/** The request id and ACS of an SP-initiated start, and the provider page's form (the provider approves at once). */
export async function startAtProvider(t: TestApp, idp: TestSamlIdp, email: string, person?: Parameters<TestSamlIdp['next']>[0]) {
  const http = new TestClient(t.app, newIp());
  const start = await http.request('POST', '/api/sso/saml/start', { email, redirectUrl: '/clients' });
  expect(start.statusCode).toBe(200);
  idp.next(person ?? { nameId: email });
  const page = await (await fetch(start.json().authorizationUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
  const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(page)![1]!;
  // __Secure-bq_saml over a secure origin (the test app's loopback host is one), bq_saml on plain http elsewhere.
  const bound = start.cookies.find((c) => c.name.endsWith('bq_saml'));
  const browser: SamlBrowser = bound?.value ? `${bound.name}=${bound.value}` : undefined;
  return { http, action, samlResponse, requestId: idp.lastRequest!.id, browser, startCookie: bound };
}

/** Start, provider, ACS: the whole SP-initiated sign-in. */
export async function signInWithSaml(t: TestApp, idp: TestSamlIdp, email: string, person?: Parameters<TestSamlIdp['next']>[0]) {
  const started = await startAtProvider(t, idp, email, person);
  const res = await postToAcs(t, started.http, started.action, started.samlResponse, started.browser);
  return { ...started, res };
}

export const refusal = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location), 'http://x').searchParams.get('samlError');
};

export const b64 = (xml: string) => Buffer.from(xml).toString('base64');

const ASSERTION = /<saml:Assertion[\s\S]*<\/saml:Assertion>/;
const SIGNATURE = /<Signature[\s\S]*<\/Signature>/;

/** An unsigned copy of the signed assertion that names someone else (and another ID unless told to keep it). */
function evilCopy(signedAssertion: string, victim: string, keepId: boolean): string {
  let evil = signedAssertion.replace(SIGNATURE, '').replace(/<saml:NameID([^>]*)>[^<]*<\/saml:NameID>/, `<saml:NameID$1>${victim}</saml:NameID>`);
  if (!keepId) evil = evil.replace(/ ID="[^"]+"/, ' ID="_evil0000000000000000000000000000"');
  return evil;
}

/** XSW: the signed assertion moved into the Response's Extensions, an unsigned assertion for the victim in its place. */
export function movedSignatureAttack(signedResponse: string, victim: string): string {
  const signed = ASSERTION.exec(signedResponse)![0];
  return signedResponse.replace(signed, `${evilCopy(signed, victim, false)}<samlp:Extensions>${signed}</samlp:Extensions>`);
}

/** XSW: an assertion for the victim with the original's ID and signature, the signed original hidden inside it. */
export function wrappedSignatureAttack(signedResponse: string, victim: string): string {
  const signed = ASSERTION.exec(signedResponse)![0];
  const signature = SIGNATURE.exec(signed)![0];
  const evil = evilCopy(signed, victim, true)
    .replace(/(<saml:Issuer>[^<]*<\/saml:Issuer>)/, `$1${signature}`)
    .replace('</saml:Assertion>', `<saml:Advice>${signed}</saml:Advice></saml:Assertion>`);
  return signedResponse.replace(signed, evil);
}

/** A comment inside the signed NameID (exclusive c14n drops comments, so the signature stays valid). */
export function commentInNameId(signedResponse: string, cutAfter: string): string {
  return signedResponse.replace(`>${cutAfter}`, `>${cutAfter}<!---->`);
}
