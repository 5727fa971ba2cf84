// Helpers of the SSO API tests: an account with its provider settings and a confirmed domain, and a sign-in that
// goes through the local provider over HTTP as a browser would (start, the provider's redirect, the callback page).
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestOidcProvider } from '../../test/oidc-provider';
import { TestClient, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

export const newIp = () => `10.${randomBytes(3).join('.')}`;
export const newDomain = () => `bank-${randomBytes(4).toString('hex')}.example`;

/** An account (BQ_RISK and BQ_SELECTION) whose admin saved the provider for `domain`; confirmed unless told not to. */
export async function ssoAccount(t: TestApp, provider: TestOidcProvider, domain: string, opts: { confirm?: boolean; signOnRequired?: boolean } = {}) {
  const acc = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_SELECTION'] });
  const admin = await createUser(t.db, acc.account.id, { email: `admin@${domain}` });
  const clientId = `client-${randomBytes(4).toString('hex')}`;
  const clientSecret = `secret-${randomBytes(12).toString('hex')}`;
  provider.clients.set(clientId, clientSecret);
  const http = new TestClient(t.app, newIp());
  expect((await http.login(admin.email, admin.password)).statusCode).toBe(200);
  const saved = await http.request('PUT', '/api/account/sso', {
    issuer: provider.url,
    clientId,
    clientSecret,
    domains: [domain],
    signOnRequired: opts.signOnRequired ?? false,
    breakGlassEmail: opts.signOnRequired ? admin.email : null,
  });
  expect(saved.statusCode).toBe(200);
  if (opts.confirm !== false) await confirmDomain(t, domain);
  return { account: acc.account, admin, adminHttp: http, clientId, clientSecret };
}

export async function confirmDomain(t: TestApp, domain: string) {
  const ops = await createAccount(t.db);
  const operator = await createUser(t.db, ops.account.id, { platformOperator: true });
  const http = new TestClient(t.app, newIp());
  await http.login(operator.email, operator.password);
  const res = await http.request('POST', `/api/ops/sso/domains/${domain}/confirm`);
  expect(res.statusCode).toBe(200);
  return res;
}

/** Start -> the provider (which approves at once) -> the callback; `alter` may change the answer on its way back. */
export async function signInThroughProvider(t: TestApp, email: string, opts: { alter?: (query: URLSearchParams) => void } = {}) {
  const http = new TestClient(t.app, newIp());
  const start = await http.request('POST', '/api/sso/oidc/start', { email });
  expect(start.statusCode).toBe(200);
  const attemptCookie = start.cookies.find((c) => c.name === 'bq_sso')!;
  const atProvider = await fetch(start.json().authorizationUrl, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  opts.alter?.(back.searchParams);
  const callback = (cookie = attemptCookie.value) =>
    http.request('POST', '/api/sso/oidc/callback', { callbackQuery: back.search }, { cookie: `bq_sso=${cookie}` });
  const res = await callback();
  return { res, http, start, attemptCookie, back, again: () => callback() };
}

/**
 * The login page's lookup (a database read) while a sign-in waits at a slow token endpoint, asked 800 ms after the
 * sign-in began (its start and the provider's page take a moment): its status and how long it waited.
 */
export async function lookupWhileSignInWaits(t: TestApp): Promise<{ statusCode: number; waited: number }> {
  await new Promise((resolve) => setTimeout(resolve, 800));
  const started = Date.now();
  const res = await new TestClient(t.app, newIp()).request('GET', `/api/sso/lookup?email=${encodeURIComponent(`someone@${newDomain()}`)}`);
  return { statusCode: res.statusCode, waited: Date.now() - started };
}
