// What the sign-in tests (second factor, passkeys, step-up, account security) share: a fresh address per browser
// (the sign-in limits count per IP, so each simulated browser needs its own), an evaluator signed in with a password,
// and who a sign-in answer's session belongs to.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
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
