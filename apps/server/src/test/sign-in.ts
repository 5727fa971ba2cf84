// What the sign-in tests (second factor, passkeys, step-up, account security) share: a fresh address per browser
// (the sign-in limits count per IP, so each simulated browser needs its own), an evaluator signed in with a password,
// who a sign-in answer's session belongs to, and a step-up with the factor just enrolled (enrolling is none, 0064).
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { assertWith, type SoftPasskey } from '../features/passkeys/soft-authenticator';
import { createUser } from './factories';
import { TestClient, type TestApp } from './test-app';

/** Addresses `10.<block>.x.y`, a new one per call; each test file takes a block of its own. */
export function ipSequence(block: number): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `10.${block}.${Math.floor(counter / 250)}.${counter % 250}`;
  };
}

export const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** A new evaluator of the account, signed in with their password from an address of their own. */
export async function signedInEvaluator(t: TestApp, accountId: string, ip: string) {
  const { user, email, password } = await createUser(t.db, accountId);
  const http = new TestClient(t.app, ip);
  expect((await http.login(email, password)).statusCode).toBe(200);
  return { user, email, password, http };
}

/** The e-mail of the user whose session a sign-in answer set, or null when it set none that works. */
export async function sessionEmail(t: TestApp, res: LightMyRequestResponse): Promise<string | null> {
  const session = cookieOf(res, 'bq_session');
  if (!session?.value) return null;
  const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `bq_session=${session.value}` } });
  return me.statusCode === 200 ? (me.json() as { email: string }).email : null;
}

/**
 * Proves the TOTP factor again (POST /api/user/2fa/step-up) with the next time step's code: the step a confirmation or
 * sign-in just used is spent. Enrolling does not count as a step-up (docs/decisions/0064), so tests that enrol and then
 * call a step-up route go through this first.
 */
export async function stepUpWithTotp(http: TestClient, secret: string): Promise<void> {
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  const res = await http.request('POST', '/api/user/2fa/step-up', { code });
  expect(res.statusCode, res.body).toBe(200);
}

/** Proves a passkey again (POST /api/user/2fa/step-up with an assertion of the step-up options). */
export async function stepUpWithPasskey(http: TestClient, passkey: SoftPasskey, origin: string, counter?: number): Promise<void> {
  const options = (await http.request('POST', '/api/user/2fa/step-up/passkey-options')).json() as { challenge: string; rpId?: string };
  const res = await http.request('POST', '/api/user/2fa/step-up', { passkey: assertWith(passkey, options, { origin, ...(counter === undefined ? {} : { counter }) }) });
  expect(res.statusCode, res.body).toBe(200);
}
