// The enterprise package names whom to contact (issue 22 point 16, docs/decisions/0033): SALES_CONTACT_EMAIL, else
// sales@{host of PUBLIC_URL}, in the answer the credits page reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createUser } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';

let configured: TestApp;
let defaulted: TestApp;
beforeAll(async () => {
  configured = await createTestApp({ SALES_CONTACT_EMAIL: 'enterprise@advice.example', PUBLIC_URL: 'https://advice.example' });
  defaulted = await createTestApp({ PUBLIC_URL: 'https://platform.example' });
});
afterAll(async () => {
  await configured.close();
  await defaulted.close();
});

async function packages(app: TestApp) {
  const acc = await createAccount(app.db, { products: ['BQ_RISK'] });
  const { email, password } = await createUser(app.db, acc.account.id);
  const http = new TestClient(app.app);
  await http.login(email, password);
  const res = await http.request('GET', '/api/payment/configurations?productType=BQ_RISK');
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('enterprise contact', () => {
  it('answers the configured sales address, else sales@ the public host', async () => {
    expect((await packages(configured)).salesContactEmail).toBe('enterprise@advice.example');
    expect((await packages(defaulted)).salesContactEmail).toBe('sales@platform.example');
  });
});
