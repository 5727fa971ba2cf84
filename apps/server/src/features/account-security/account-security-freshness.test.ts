// The requirement and a new factor take effect on every API process at once (docs/decisions/0042, migration 0030's
// triggers): process B holds the member's session in its session cache (AUTH_CACHE_SECONDS=5); the admin switches the
// requirement on through process A, then the member enrols through A; B must follow each within 1 s.
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, createUser } from '../../test/factories';
import { stepUpWithTotp } from '../../test/sign-in';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let b: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_SECONDS: '5' });
  b = (await t.anotherProcess()).app;
}, 60_000);
afterAll(() => t.close());

async function signedInOnA(accountId: string, permissions: { realm: string; entity: string; action: string }[]) {
  const { user, email, password } = await createUser(t.db, accountId, { permissions });
  const http = new TestClient(t.app, `10.99.0.${Math.floor(Math.random() * 250)}`);
  expect((await http.login(email, password)).statusCode).toBe(200);
  return { user, http };
}

async function enrol(http: TestClient) {
  const { secret } = (await http.request('POST', '/api/user/2fa/totp')).json() as { secret: string };
  expect((await http.request('POST', '/api/user/2fa/totp/confirm', { code: await generate({ secret }) })).statusCode).toBe(200);
  // Enrolling is no step-up (docs/decisions/0064): the admin proves the factor before changing the requirement.
  await stepUpWithTotp(http, secret);
}

it('restricts a session cached on another process as soon as the requirement is on, and lifts it once the member enrols', async () => {
  const accountId = (await createAccount(t.db)).account.id;
  const admin = await signedInOnA(accountId, [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }]);
  await enrol(admin.http);
  const member = await signedInOnA(accountId, [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }]);
  const onB = new TestClient(b);
  onB.cookie = member.http.cookie;
  const status = async () => (await onB.request('GET', '/api/reminders/counts')).statusCode;
  expect(await status()).toBe(200);

  expect((await admin.http.request('PUT', '/api/account/security', { secondFactorRequired: true, graceDays: 0 })).statusCode).toBe(200);
  await expect.poll(status, { timeout: 1000, interval: 5 }).toBe(403);

  await enrol(member.http);
  await expect.poll(status, { timeout: 1000, interval: 5 }).toBe(200);
});
