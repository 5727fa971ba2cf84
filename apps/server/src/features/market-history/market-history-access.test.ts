// The market history is shared by every account's risk dashboards: an account admin (ALL/ALL/ALL, the demo admin
// included) may look at its status but not replace it; only a platform operator, a flag that no API call sets, may.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketHistoryImports, users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { seedDemo, DEMO_ADMIN } from '../demo/seed-demo';
import { listPlatformOperators, setPlatformOperator } from '../platform-operators/operators';

const SHILLER_CSV = readFileSync(new URL('../../../../../../shared/data/sp500-shiller/data.csv', import.meta.url), 'utf8');
const CSV = { 'content-type': 'text/csv' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(opts: { platformOperator?: boolean } = {}) {
  const { account } = await createAccount(t.db, { products: ['BQ_RISK'] });
  const { user, email, password } = await createUser(t.db, account.id, { ...opts });
  const http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
  return { http, user, email };
}

describe('market history: shared by all accounts', () => {
  it('an account admin with ALL/ALL/ALL sees the status but cannot import (403 error.auth.operator_required)', async () => {
    const { http } = await signedIn();
    const status = await http.request('GET', '/api/admin/market-history');
    expect(status.statusCode).toBe(200);
    const upload = await http.request('POST', '/api/admin/market-history?source=evil.csv', SHILLER_CSV, CSV);
    expect(upload.statusCode).toBe(403);
    expect(upload.json().errorKey).toBe('error.auth.operator_required');
    expect(await t.db.select().from(marketHistoryImports)).toHaveLength(0);
    expect((await http.request('GET', '/api/user')).json().platformOperator).toBe(false);
  });

  it('the demo admin is no platform operator either', async () => {
    await seedDemo(t.db);
    const http = new TestClient(t.app);
    expect((await http.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).statusCode).toBe(200);
    expect((await http.request('GET', '/api/user')).json().platformOperator).toBe(false);
    const upload = await http.request('POST', '/api/admin/market-history', SHILLER_CSV, CSV);
    expect(upload.statusCode).toBe(403);
    expect(upload.json().errorKey).toBe('error.auth.operator_required');
  });

  it('a platform operator (set by the CLI function, not by any API call) imports it', async () => {
    const { http, user, email } = await signedIn();
    // No API call can make a user an operator: the user settings call ignores such a field.
    const attempt = await http.request('POST', '/api/admin/user/settings', { locale: 'EN_US', platformOperator: true });
    expect(attempt.statusCode).toBeLessThan(500);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.platformOperator).toBe(false);

    expect(await setPlatformOperator(t.db, email.toUpperCase(), true)).toBe(true);
    expect((await listPlatformOperators(t.db)).map((o) => o.email)).toContain(email);
    expect((await http.request('GET', '/api/user')).json().platformOperator).toBe(true);
    const upload = await http.request('POST', '/api/admin/market-history?source=shiller.csv', SHILLER_CSV, CSV);
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toMatchObject({ imported: true, source: 'shiller.csv' });

    expect(await setPlatformOperator(t.db, email, false)).toBe(true);
    expect((await http.request('POST', '/api/admin/market-history', SHILLER_CSV, CSV)).statusCode).toBe(403);
    expect(await setPlatformOperator(t.db, 'nobody@example.com', true)).toBe(false);
  });

  it('says so in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const post = doc.paths['/api/admin/market-history'].post;
    expect(post.responses['403'].description).toContain('error.auth.operator_required');
    expect(post.description).toMatch(/Platform operators only/);
    expect(doc.components.schemas.User.properties.platformOperator).toMatchObject({ type: 'boolean' });
  });
});
