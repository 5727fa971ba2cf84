// What the audit trail costs (issue 23 point 5, docs/decisions/0039): the signed-in computed dashboard and the client
// list, each read an event of the trail, measured on the same database against a server with the trail and one
// started with BENCH_WITHOUT_AUDIT_TRAIL (a benchmark-only switch), in alternating rounds (with, without, with,
// without) so a drift of the machine falls on both. The one-query route of each process is the bare yardstick.
// `npm run bench -- audit [seconds]`; PGlite always, PostgreSQL too when DATABASE_URL is set.
import autocannon from 'autocannon';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { createBenchDatabase, signIn, startServerProcess, unlockOneResult } from './processes';

const PASSWORD = 'Bench-Audit-2026!';
const CONNECTIONS = 50;
const ROUNDS = 2;

type Variant = 'with trail' | 'without trail';
const ROUTES = ['one query (baseline)', 'dashboard (computed)', 'client list (computed)'] as const;
type Route = (typeof ROUTES)[number];

async function rps(url: string, seconds: number, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function benchOne(adminUrl: string, seconds: number): Promise<Map<string, number[]>> {
  const bench = await createBenchDatabase('audit', adminUrl);
  const database = await bench.open();
  const account = await seedLoadAccount(database.db, { clients: 2000, finishedInstances: 2000, adminEmail: 'audit-admin@bench.example', adminPassword: PASSWORD });
  const token = await unlockOneResult(database, account.accountId);
  await database.close();
  const figures = new Map<string, number[]>();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of ['with trail', 'without trail'] as Variant[]) {
        const server = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all', {
          BENCH_ROUTES: 'true',
          BENCH_WITHOUT_AUDIT_TRAIL: variant === 'without trail' ? 'true' : 'false',
        });
        try {
          const adviser = await signIn(server.base, account.adminEmail, PASSWORD);
          // no-cache: the answer is computed afresh, as a first view is (the response cache would hide the work).
          const auth = { cookie: adviser.cookie, 'x-source': 'web', 'cache-control': 'no-cache' };
          const paths: Record<Route, [string, Record<string, string>]> = {
            'one query (baseline)': ['/api/bench/one-query', {}],
            'dashboard (computed)': [`/api/dashboard/${token}`, auth],
            'client list (computed)': [`/api/participants?productConfigurationId=${account.productConfigurationId}`, auth],
          };
          for (const route of ROUTES) {
            const [path, headers] = paths[route];
            await rps(`${server.base}${path}`, 1, headers); // warm-up
            const key = `${route}|${variant}`;
            figures.set(key, [...(figures.get(key) ?? []), await rps(`${server.base}${path}`, seconds, headers)]);
          }
        } finally {
          await server.stop();
        }
      }
    }
    return figures;
  } finally {
    await bench.drop();
  }
}

function print(kind: string, figures: Map<string, number[]>) {
  const mean = (key: string) => {
    const values = figures.get(key) ?? [];
    return values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
  };
  console.log(`\n${kind}: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds per variant, mean req/s`);
  // Each route's share of its own process's one-query rate: what is left once the machine's drift between the two
  // processes is taken out (the baseline records no event, so the trail cannot slow it).
  const share = (route: Route, variant: Variant) => mean(`${route}|${variant}`) / mean(`${ROUTES[0]}|${variant}`);
  console.log(
    `${'route'.padEnd(26)} ${'with trail'.padStart(11)} ${'without'.padStart(9)} ${'cost'.padStart(7)} ${'cost vs baseline'.padStart(17)}   rounds (with / without)`,
  );
  for (const route of ROUTES) {
    const [withTrail, without] = [mean(`${route}|with trail`), mean(`${route}|without trail`)];
    const relative = route === ROUTES[0] ? '-' : `${(100 * (1 - share(route, 'with trail') / share(route, 'without trail'))).toFixed(1)} %`;
    const rounds = `${(figures.get(`${route}|with trail`) ?? []).map((v) => v.toFixed(0)).join(', ')} / ${(figures.get(`${route}|without trail`) ?? []).map((v) => v.toFixed(0)).join(', ')}`;
    console.log(
      `${route.padEnd(26)} ${withTrail.toFixed(0).padStart(11)} ${without.toFixed(0).padStart(9)} ${`${((100 * (without - withTrail)) / without).toFixed(1)} %`.padStart(7)} ${relative.padStart(17)}   ${rounds}`,
    );
  }
}

export async function runAuditBench(seconds = 10): Promise<void> {
  print('PGlite', await benchOne('', seconds));
  if (process.env.DATABASE_URL) print('PostgreSQL', await benchOne(process.env.DATABASE_URL, seconds));
}
