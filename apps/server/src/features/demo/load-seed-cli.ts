// `npm run seed:load`: load data in DATABASE_URL (or the embedded DATA_DIR; stop the server first) for benchmarks
// and load tests. Without flags: on PostgreSQL 100,000 clients and 500,000 finished results over 5 accounts, on the
// embedded PGlite 10,000 clients and 50,000 results over 2 accounts (docs/decisions/0022). Flags override:
// `npm run seed:load -- --clients 100000 --instances 500000 --accounts 5 --product BQ_RISK,BQ_PERFORMANCE`.
// The totals are split evenly over the accounts, the products cycle over them; each account gets an admin
// load-admin-<tag>-<n>@load.example. Refused in production.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { seedTranslations } from '../translations/seed-translations';
import { paths } from '../../paths';
import { seedLoadAccount } from './load-seed';
import { PRODUCT_TYPES, type ProductType } from '@bq/domain/product-types';

/** The scale (issue 13): PostgreSQL gets the full set, the embedded database a tenth. */
export const LOAD_DEFAULTS = {
  postgres: { accounts: 5, clients: 100_000, instances: 500_000 },
  pglite: { accounts: 2, clients: 10_000, instances: 50_000 },
} as const;

const { values } = parseArgs({
  options: {
    accounts: { type: 'string' },
    clients: { type: 'string' },
    instances: { type: 'string' },
    product: { type: 'string', default: 'BQ_RISK,BQ_PERFORMANCE' },
    distinct: { type: 'string', default: '200' },
    password: { type: 'string' },
  },
});
const config0 = loadConfig();
const defaults = config0.DATABASE_URL ? LOAD_DEFAULTS.postgres : LOAD_DEFAULTS.pglite;
const accounts = Number(values.accounts ?? defaults.accounts);
const clients = Number(values.clients ?? defaults.clients);
const instances = Number(values.instances ?? defaults.instances);
const distinct = Number(values.distinct);
const products = (values.product ?? '').split(',').map((p) => p.trim()) as ProductType[];
if (
  ![accounts, clients, instances, distinct].every((n) => Number.isInteger(n) && n >= 0) ||
  accounts < 1 ||
  distinct < 1 ||
  products.length === 0 ||
  !products.every((p) => PRODUCT_TYPES.includes(p))
) {
  console.error(
    'usage: npm run seed:load -- [--accounts 5] [--clients 100000] [--instances 500000] [--product BQ_RISK,BQ_PERFORMANCE] [--distinct 200] [--password <pw>]',
  );
  process.exit(2);
}
if (instances > 0 && clients < accounts) {
  console.error('every account needs at least one client to hold its instances');
  process.exit(2);
}
const config = config0;
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
  const allStarted = performance.now();
  for (let a = 0; a < accounts; a++) {
    const share = (total: number) => Math.floor(total / accounts) + (a < total % accounts ? 1 : 0);
    const started = performance.now();
    const seeded = await seedLoadAccount(database.db, {
      clients: share(clients),
      finishedInstances: share(instances),
      productType: products[a % products.length]!,
      accountName: `Load Test Advisory ${a + 1}`,
      distinctResults: distinct,
      adminEmail: `load-admin-${tag}-${a + 1}@load.example`,
      adminPassword: password,
      credits: 1000,
      seed: 2026 + a,
    });
    console.log(
      `account ${a + 1} (${products[a % products.length]}): ${seeded.clients} clients, ${seeded.finishedInstances} finished instances in ${((performance.now() - started) / 1000).toFixed(1)} s; sign in as ${seeded.adminEmail}`,
    );
  }
  console.log(
    `${clients.toLocaleString('en')} clients, ${instances.toLocaleString('en')} finished results in ${((performance.now() - allStarted) / 1000).toFixed(1)} s (${database.kind})`,
  );
  console.log(`password of every load admin: ${password}`);
} finally {
  await database.close();
}
