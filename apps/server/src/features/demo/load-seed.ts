// Load data for benchmarks and load tests: accounts with many clients and finished results, written with
// set-based SQL (INSERT ... SELECT generate_series), so 100,000 clients take seconds, not minutes. Results are
// real: a few simulated respondents are scored by the calculation's own code and the rows cycle through them.
import { sql } from 'drizzle-orm';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { simulateRespondents } from '@bq/scoring/simulate';
import type { Db } from '../../db/client';
import { accounts, creditLedger, productConfigurations, users } from '../../db/schema';
import { hashPassword } from '../../plugins/passwords';
import { predictResult, scoreResult } from '../calculation/score-result';
import { definitionForProduct } from '../interactions/definitions';

/** Names the rows cycle through; with the row number in the e-mail every client is unique. */
const FIRST_NAMES = [
  'Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannah', 'Ida', 'Jonas', 'Karl', 'Lena', 'Max', 'Nina',
  'Oskar', 'Paula', 'Quentin', 'Rosa', 'Simon', 'Tara', 'Ulrich', 'Vera', 'Walter', 'Xenia', 'Yusuf', 'Zoe', 'Olivia',
  'Noah', 'Liam', 'Mia', 'Sophie', 'Lukas', 'Elif', 'Mehmet', 'Chiara', 'Luca', 'Amelia', 'Harry', 'Isla', 'Jack',
  'Jürgen', 'Renée', 'Søren', 'Zoë',
];
const LAST_NAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch',
  'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Braun', 'Hofmann', 'Zimmermann', 'Krüger', 'Hartmann',
  'Lange', 'Werner', 'Krause', 'Lehmann', 'Köhler', 'Maier', 'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson',
  'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall',
  'Wood', 'Jackson', 'Clarke', 'Yilmaz', 'Kaya', 'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Nowak', 'Kowalski',
  'García', 'Martínez', "O'Brien", 'McDonald', 'Nguyen', 'Van der Berg', 'De Vries', 'Jansen',
];

export interface LoadAccountOptions {
  /** Clients in this account. */
  clients: number;
  /** Finished (RESULTS_AVAILABLE) instances, spread over the clients round-robin; 0 for none. */
  finishedInstances: number;
  productType?: ProductType;
  accountName?: string;
  /** Sign-in of the account's admin (every permission); the password is hashed like any other. */
  adminEmail: string;
  adminPassword: string;
  credits?: number;
  /** How many distinct scored answer sets the results cycle through. */
  distinctResults?: number;
  /** Seed of the simulated respondents, so runs give the same answers. */
  seed?: number;
}

export interface LoadAccount {
  accountId: string;
  productConfigurationId: string;
  adminEmail: string;
  clients: number;
  finishedInstances: number;
}

const DAY_SECONDS = 86_400;

/** One account with its admin, one product configuration, N clients and M finished instances. */
export async function seedLoadAccount(db: Db, opts: LoadAccountOptions): Promise<LoadAccount> {
  if (opts.finishedInstances > 0 && opts.clients < 1) throw new Error('finished instances need at least one client');
  const productType = opts.productType ?? 'BQ_RISK';
  const definition = definitionForProduct(productType);
  const [account] = await db.insert(accounts).values({ name: opts.accountName ?? 'Load Test Advisory', type: 'ENTERPRISE' }).returning();
  const [config] = await db.insert(productConfigurations).values({ accountId: account!.id, productType }).returning();
  if (opts.credits) await db.insert(creditLedger).values({ accountId: account!.id, delta: opts.credits, reason: 'TEST' });
  const [admin] = await db
    .insert(users)
    .values({
      accountId: account!.id,
      email: opts.adminEmail,
      passwordHash: await hashPassword(opts.adminPassword),
      firstName: 'Load',
      lastName: 'Admin',
      permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }],
    })
    .returning();
  const accountId = account!.id;
  const configId = config!.id;

  // Clients: created over the last two years, names from the lists above; a random 144-bit URL-safe token
  // (18 bytes of gen_random_uuid(), base64url) like newPublicToken() gives.
  await db.execute(sql`
    insert into clients (account_id, token, first_name, last_name, email, client_group, locale, created_by, created_at, updated_at)
    select ${accountId}::uuid,
           translate(encode(substring(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) from 1 for 18), 'base64'), '+/', '-_'),
           f.name, l.name,
           lower(translate(f.name || '.' || replace(replace(l.name, ' ', ''), '''', ''), 'äöüéíøëÄÖÜ', 'aoueioeAOU')) || '.' || g.i || '@example.com',
           case when g.i % 3 = 0 then 'ESTABLISHED' else 'PROSPECT' end,
           (array['EN_US', 'EN_UK', 'DE_DE'])[1 + g.i % 3],
           ${admin!.id}::uuid,
           now() - (g.i % 730) * interval '1 day' - (g.i % 86400) * interval '1 second',
           now() - (g.i % 730) * interval '1 day' - (g.i % 86400) * interval '1 second'
    from generate_series(1, ${opts.clients}::int) as g(i)
    cross join lateral (select ${JSON.stringify(FIRST_NAMES)}::jsonb ->> ((g.i * 7) % ${FIRST_NAMES.length}::int) as name) f
    cross join lateral (select ${JSON.stringify(LAST_NAMES)}::jsonb ->> ((g.i * 13 + g.i / ${FIRST_NAMES.length}::int) % ${LAST_NAMES.length}::int) as name) l
  `);
  if (opts.finishedInstances > 0) {
    const distinct = Math.max(1, opts.distinctResults ?? 20);
    const respondents = simulateRespondents(definition, { count: distinct, seed: opts.seed ?? 2026, consistency: 0.8 });
    const finished = respondents.map((r) => {
      const answers = r.answers as Record<string, number | string>;
      const scored = scoreResult(definition, answers, new Date());
      return { answers, results: definition.prediction ? { ...scored, prediction: predictResult(definition, scored) } : scored };
    });
    // Instance j belongs to the j-th client (in creation order, cycling), finished j % 700 days ago.
    await db.execute(sql`
      with numbered as (
        select c.id, row_number() over (order by c.created_at, c.id) - 1 as n
        from clients c where c.account_id = ${accountId}::uuid
      ), sets as (
        select e.ordinality - 1 as k, e.value from jsonb_array_elements(${JSON.stringify(finished)}::jsonb) with ordinality as e(value, ordinality)
      )
      insert into interaction_instances (account_id, token, client_id, product_configuration_id, initiator_id, interaction_id,
        status, lock_status, answers, definition_version, results, created_at, opened_at, filled_at, expires_at, updated_at)
      select ${accountId}::uuid,
             translate(encode(substring(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) from 1 for 18), 'base64'), '+/', '-_'),
             n.id, ${configId}::uuid, ${admin!.id}::uuid, ${PRODUCT_TYPE_INFO[productType].interactionSlug},
             'RESULTS_AVAILABLE', case when g.j % 4 = 0 then 'UNLOCKED' else 'LOCKED' end,
             s.value -> 'answers', ${definition.version}::int, s.value -> 'results',
             t.filled - interval '2 days', t.filled - interval '1 day', t.filled, t.filled + interval '28 days', t.filled + interval '5 seconds'
      from generate_series(0, ${opts.finishedInstances - 1}::int) as g(j)
      join numbered n on n.n = g.j % ${opts.clients}::int
      join sets s on s.k = g.j % ${distinct}::int
      cross join lateral (select now() - (g.j % 700) * interval '1 day' - (g.j % ${DAY_SECONDS}::int) * interval '1 second' as filled) t
    `);
  }
  // Memberships after the instances: their insert trigger then finds each client's latest instance once.
  await db.execute(sql`
    insert into client_products (client_id, product_configuration_id, account_id, active, created_at)
    select c.id, ${configId}::uuid, ${accountId}::uuid, (row_number() over (order by c.id)) % 10 <> 0, c.created_at
    from clients c where c.account_id = ${accountId}::uuid
  `);

  // Fresh statistics and visibility map, so the planner sees the new rows (and can count from an index alone) at
  // once rather than after autovacuum's next visit.
  for (const table of ['clients', 'client_products', 'interaction_instances', 'bi_facts']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return { accountId, productConfigurationId: configId, adminEmail: opts.adminEmail, clients: opts.clients, finishedInstances: opts.finishedInstances };
}

/**
 * Instances answered completely and still OPENED, one per new client of the account, so a load test only has to
 * submit them (POST /api/q/{token}/submit) to queue their calculations. With autoSendReport (and unlocked, as a
 * locked result is not mailed) the results also queue the auto report mail. Returns the instance tokens.
 */
export async function seedAnsweredInstances(
  db: Db,
  opts: { account: LoadAccount; count: number; autoSendReport?: boolean; unlocked?: boolean; seed?: number; productType?: ProductType },
): Promise<string[]> {
  const productType = opts.productType ?? 'BQ_RISK';
  const definition = definitionForProduct(productType);
  const answerSets = simulateRespondents(definition, { count: Math.min(opts.count, 50), seed: opts.seed ?? 7, consistency: 0.8 }).map((r) => r.answers);
  const { accountId, productConfigurationId } = opts.account;
  const result = await db.execute<{ token: string }>(sql`
    with new_clients as (
      insert into clients (account_id, token, first_name, last_name, email, client_group, locale)
      select ${accountId}::uuid,
             translate(encode(substring(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) from 1 for 18), 'base64'), '+/', '-_'),
             'Submit', 'Tester ' || g.i, 'submit.tester.' || g.i || '.' || substr(md5(random()::text), 1, 8) || '@example.com', 'PROSPECT', 'EN_US'
      from generate_series(1, ${opts.count}::int) as g(i)
      returning id
    ), memberships as (
      insert into client_products (client_id, product_configuration_id, account_id)
      select id, ${productConfigurationId}::uuid, ${accountId}::uuid from new_clients
      returning client_id
    ), numbered as (
      select client_id, row_number() over (order by client_id) - 1 as n from memberships
    )
    insert into interaction_instances (account_id, token, client_id, product_configuration_id, interaction_id, status,
      lock_status, answers, definition_version, auto_send_report, opened_at, expires_at)
    select ${accountId}::uuid,
           translate(encode(substring(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) from 1 for 18), 'base64'), '+/', '-_'),
           n.client_id, ${productConfigurationId}::uuid, ${PRODUCT_TYPE_INFO[productType].interactionSlug}, 'OPENED',
           ${opts.unlocked ? 'UNLOCKED' : 'LOCKED'},
           ${JSON.stringify(answerSets)}::jsonb -> (n.n % ${answerSets.length}::int)::int, ${definition.version}::int,
           ${opts.autoSendReport ?? false}, now(), now() + interval '30 days'
    from numbered n
    returning token
  `);
  return (result as unknown as { rows: { token: string }[] }).rows.map((r) => r.token);
}
