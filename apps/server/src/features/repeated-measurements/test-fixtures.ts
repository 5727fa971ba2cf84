// Test data for campaigns and teams: an account with the selection and risk products, a signed-in user, clients
// in the selection product and finished measurements scored like real ones.
import { randomBytes } from 'node:crypto';
import type { Permission } from '@bq/domain/permissions';
import type { ProductType } from '@bq/domain/product-types';
import { clientProducts, clients } from '../../db/schema';
import { TestClient, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { insertFinishedMeasurement } from './seed-measurements';

const DAY = 86_400_000;

export async function campaignAccount(t: TestApp, opts: { permissions?: Permission[] } = {}) {
  const acc = await createAccount(t.db, { products: ['BQ_SELECTION', 'BQ_RISK'] });
  const { email, password, user } = await createUser(t.db, acc.account.id, opts.permissions ? { permissions: opts.permissions } : {});
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = (type: ProductType) => acc.configs.find((c) => c.productType === type)!.id;

  async function addClient(firstName: string, lastName: string, productType: ProductType = 'BQ_SELECTION') {
    const [client] = await t.db
      .insert(clients)
      .values({ accountId: acc.account.id, token: randomBytes(18).toString('base64url'), firstName, lastName, email: `${firstName}.${lastName}.${randomBytes(3).toString('hex')}@example.com`.toLowerCase() })
      .returning();
    await t.db.insert(clientProducts).values({ clientId: client!.id, productConfigurationId: config(productType), accountId: acc.account.id });
    return client!;
  }

  async function createCampaign(name = 'Spring 2026') {
    const res = await http.request('POST', '/api/admin/repeated_measurement', { productConfigurationId: config('BQ_SELECTION'), name });
    if (res.statusCode !== 201) throw new Error(`campaign not created: ${res.body}`);
    return res.json() as { id: string; name: string };
  }

  async function measure(campaignId: string, clientId: string, measurement: number, seed: number, lockStatus: 'LOCKED' | 'UNLOCKED' = 'UNLOCKED') {
    return insertFinishedMeasurement(t.db, {
      accountId: acc.account.id,
      productConfigurationId: config('BQ_SELECTION'),
      productType: 'BQ_SELECTION',
      campaignId,
      clientId,
      measurement,
      seed,
      filledAt: new Date(Date.now() - (30 - measurement * 10) * DAY),
      lockStatus,
    });
  }

  return { http, user, account: acc.account, config, addClient, createCampaign, measure };
}

/** A user of another account, and one with only these permissions in the first account. */
export async function otherUser(t: TestApp, accountId: string, permissions: Permission[]) {
  const { email, password } = await createUser(t.db, accountId, { permissions });
  const http = new TestClient(t.app);
  await http.login(email, password);
  return http;
}
