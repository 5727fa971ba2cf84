// Test data for the BI and anonymisation API tests: an account with a signed-in user, clients in a product and
// finished results written straight to the database (the calculation itself is tested elsewhere).
import { randomBytes } from 'node:crypto';
import type { ClientGroup } from '@bq/domain/client-rules';
import type { Permission } from '@bq/domain/permissions';
import type { ProductType } from '@bq/domain/product-types';
import type { InstanceResults } from '../../db/schema';
import { clientProducts, clients, interactionInstances } from '../../db/schema';
import { createAccount, createUser } from '../../test/factories';
import { TestClient, type TestApp } from '../../test/test-app';

const token = () => randomBytes(18).toString('base64url');

export async function signedInAccount(t: TestApp, opts: { products?: ProductType[]; permissions?: Permission[] } = {}) {
  const acc = await createAccount(t.db, { products: opts.products ?? ['BQ_RISK'] });
  const { email, password, user } = await createUser(t.db, acc.account.id, { permissions: opts.permissions });
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = (type: ProductType = 'BQ_RISK') => acc.configs.find((c) => c.productType === type)!.id;
  return { http, user, account: acc.account, config };
}

/** Another signed-in user of the same account (e.g. one with fewer permissions). */
export async function colleague(t: TestApp, accountId: string, permissions: Permission[]) {
  const { email, password } = await createUser(t.db, accountId, { permissions });
  const http = new TestClient(t.app);
  await http.login(email, password);
  return http;
}

export interface ResultSpec {
  /** Stanine per dimension key. */
  stanines?: Record<string, number>;
  riskClass?: number;
  /** Minutes ago the questionnaire was finished. */
  finishedMinutesAgo?: number;
}

export function riskResults(spec: ResultSpec): InstanceResults {
  const stanines = spec.stanines ?? { tolerance: 5 };
  return {
    interactionId: 'risk',
    definitionVersion: 2,
    normVersion: 'test',
    algorithmVersion: 'test',
    calculatedAt: new Date().toISOString(),
    answersHash: 'x',
    dimensions: Object.entries(stanines).map(([key, stanine]) => ({ key, raw: 3, answered: 4, itemCount: 4, computable: true, stanine })),
    risk:
      spec.riskClass === undefined
        ? null
        : ({ suitableClass: spec.riskClass } as unknown as NonNullable<InstanceResults['risk']>),
  };
}

export async function addClient(
  t: TestApp,
  accountId: string,
  configId: string,
  opts: { firstName: string; lastName: string; group?: ClientGroup; result?: ResultSpec; status?: 'NEW' | 'OPENED' },
) {
  const [client] = await t.db
    .insert(clients)
    .values({
      accountId,
      token: token(),
      firstName: opts.firstName,
      lastName: opts.lastName,
      email: `${opts.firstName}.${opts.lastName}.${token().slice(0, 6)}@example.com`.toLowerCase(),
      clientGroup: opts.group ?? 'PROSPECT',
    })
    .returning();
  await t.db.insert(clientProducts).values({ clientId: client!.id, productConfigurationId: configId, accountId });
  let resultToken: string | null = null;
  if (opts.result) {
    const finished = new Date(Date.now() - (opts.result.finishedMinutesAgo ?? 10) * 60_000);
    const [instance] = await t.db
      .insert(interactionInstances)
      .values({
        accountId,
        token: token(),
        clientId: client!.id,
        productConfigurationId: configId,
        interactionId: 'risk',
        status: 'RESULTS_AVAILABLE',
        // Open: BI counts a locked result only as "locked, not included" (decision 0029).
        lockStatus: 'UNLOCKED',
        results: riskResults(opts.result),
        filledAt: finished,
        createdAt: finished,
      })
      .returning();
    resultToken = instance!.token;
  } else if (opts.status) {
    await t.db.insert(interactionInstances).values({ accountId, token: token(), clientId: client!.id, productConfigurationId: configId, interactionId: 'risk', status: opts.status });
  }
  return { id: client!.id, token: client!.token, firstName: opts.firstName, lastName: opts.lastName, email: client!.email, resultToken };
}
