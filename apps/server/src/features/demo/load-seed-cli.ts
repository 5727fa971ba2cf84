// `npm run seed:load -- --clients 100000 --instances 500000 --accounts 5`: load data in DATABASE_URL (or the
// embedded DATA_DIR; stop the server first) for benchmarks and load tests. The totals are split evenly over the
// accounts; each account gets an admin load-admin-<n>@load.example. Refused in production.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { seedTranslations } from '../translations/seed-translations';
import { paths } from '../../paths';
import { seedLoadAccount } from './load-seed';
import { PRODUCT_TYPES, type ProductType } from '@bq/domain/product-types';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1' },
    clients: { type: 'string', default: '100000' },
    instances: { type: 'string', default: '0' },
    product: { type: 'string', default: 'BQ_RISK' },
    password: { type: 'string' },
  },
});
const accounts = Number(values.accounts);
const clients = Number(values.clients);
const instances = Number(values.instances);
const product = values.product as ProductType;
if (![accounts, clients, instances].every((n) => Number.isInteger(n) && n >= 0) || accounts < 1 || !PRODUCT_TYPES.includes(product)) {
  console.error('usage: npm run seed:load -- [--accounts 1] [--clients 100000] [--instances 0] [--product BQ_RISK] [--password <pw>]');
  process.exit(2);
}
if (instances > 0 && clients < accounts) {
  console.error('every account needs at least one client to hold its instances');
  process.exit(2);
}
const config = loadConfig();
if (config.NODE_ENV === 'production') {
  console.error('seed:load writes made-up clients and is refused when NODE_ENV=production');
  process.exit(2);
}
const password = values.password ?? `Load-${randomBytes(6).toString('base64url')}-2026!`;
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  await seedTranslations(database.db, paths.translationsData);
  const tag = randomBytes(3).toString('hex');
  for (let a = 0; a < accounts; a++) {
    const share = (total: number) => Math.floor(total / accounts) + (a < total % accounts ? 1 : 0);
    const started = performance.now();
    const seeded = await seedLoadAccount(database.db, {
      clients: share(clients),
      finishedInstances: share(instances),
      productType: product,
      accountName: `Load Test Advisory ${a + 1}`,
      adminEmail: `load-admin-${tag}-${a + 1}@load.example`,
      adminPassword: password,
      credits: 1000,
      seed: 2026 + a,
    });
    console.log(
      `account ${a + 1}: ${seeded.clients} clients, ${seeded.finishedInstances} finished instances in ${((performance.now() - started) / 1000).toFixed(1)} s; sign in as ${seeded.adminEmail}`,
    );
  }
  console.log(`password of every load admin: ${password}`);
} finally {
  await database.close();
}
