// Test fixtures of the bulk send tests: an adviser with many clients, written straight to the database (the API
// would take a request per client).
import type { Db } from '../../db/client';
import { clientProducts, clients } from '../../db/schema';
import { newPublicToken } from '../clients/client-tokens';
import { TestClient, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

export async function adviserWithClients(t: TestApp, count: number, opts: { permissions?: { realm: string; entity: string; action: string }[]; locale?: 'EN_US' | 'DE_DE' } = {}) {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
  const user = await createUser(t.db, acc.account.id, { permissions: opts.permissions });
  const http = new TestClient(t.app);
  await http.login(user.email, user.password);
  const configId = acc.configs[0]!.id;
  const tokens = await addClients(t.db, acc.account.id, configId, count, opts.locale);
  return { http, configId, tokens, accountId: acc.account.id };
}

export async function addClients(db: Db, accountId: string, configId: string, count: number, locale: 'EN_US' | 'DE_DE' = 'EN_US'): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
      accountId,
      token: newPublicToken(),
      firstName: `Anna${start + i}`,
      lastName: i % 2 ? 'Berger' : 'Kraus',
      email: `c${start + i}.${Math.random().toString(36).slice(2)}@example.com`,
      clientGroup: i % 2 ? ('ESTABLISHED' as const) : ('PROSPECT' as const),
      locale,
    }));
    const made = await db.insert(clients).values(rows).returning({ id: clients.id, token: clients.token });
    await db.insert(clientProducts).values(made.map((c) => ({ clientId: c.id, productConfigurationId: configId, accountId })));
    tokens.push(...made.map((c) => c.token));
  }
  return tokens;
}
