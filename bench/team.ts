// Team figures for `npm run bench -- team` (issue 13, scale): one account with CLIENTS clients of the selection
// product, each measured twice in one campaign (bulk-seeded, real scored results; the campaign's link rows carry the
// T-scores by their trigger), teams of 1,000, 1,000 and 500 members, the server as its own process, and
//   GET /api/teams/{teamId}/repeated_measurement/{id}/result   (the team of 1,000: aggregates and its member list)
//   GET /api/teams/compare/{id}?teamId=..&teamId=..&teamId=..  (the three teams side by side)
// one request at a time (p50/p95 over REQUESTS each), with the anonymisation allow-list off and on (on: every member
// is shown as "Client <n>", decided per member in the same query), plus 20 concurrent clients for the team result.
// A measurement, not a pass/fail test. `node --import tsx bench/team.ts [clients]` runs this part alone.
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { createBenchDatabase, enableAllowList, percentile, signIn, startServerProcess } from './processes';

const PASSWORD = 'Bench-Team-2026!';
const REQUESTS = 100;
const TEAM_SIZES = [1000, 1000, 500] as const;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** The campaign (every client's two instances as measurements 1 and 2) and the three teams of distinct members. */
async function seedCampaignAndTeams(db: Db, accountId: string, configId: string) {
  const [campaign] = await rows<{ id: string }>(
    db,
    sql`insert into repeated_measurements (account_id, product_configuration_id, name) values (${accountId}::uuid, ${configId}::uuid, 'Bench 2026') returning id`,
  );
  await db.execute(sql`
    insert into repeated_measurement_instances (repeated_measurement_id, instance_id, client_id, account_id, measurement)
    select ${campaign!.id}::uuid, i.id, i.client_id, ${accountId}::uuid,
           row_number() over (partition by i.client_id order by i.filled_at, i.id)
    from interaction_instances i where i.account_id = ${accountId}::uuid`);
  const teamIds: string[] = [];
  let offset = 0;
  for (const [index, size] of TEAM_SIZES.entries()) {
    const [team] = await rows<{ id: string }>(
      db,
      sql`insert into teams (account_id, product_configuration_id, repeated_measurement_id, name)
          values (${accountId}::uuid, ${configId}::uuid, ${campaign!.id}::uuid, ${`Team ${index + 1}`}) returning id`,
    );
    await db.execute(sql`
      insert into team_members (team_id, client_id, account_id)
      select ${team!.id}::uuid, c.id, ${accountId}::uuid from clients c where c.account_id = ${accountId}::uuid
      order by c.created_at, c.id offset ${offset} limit ${size}`);
    offset += size;
    teamIds.push(team!.id);
  }
  for (const table of ['repeated_measurement_instances', 'team_members', 'teams']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return { campaignId: campaign!.id, teamIds };
}

export async function runTeamBench(clients = process.env.DATABASE_URL ? 20_000 : 5_000, seconds = 5): Promise<void> {
  const bench = await createBenchDatabase('team');
  const database = await bench.open();
  const seedStart = performance.now();
  const account = await seedLoadAccount(database.db, {
    clients,
    finishedInstances: clients * 2,
    productType: 'BQ_SELECTION',
    adminEmail: 'team-admin@bench.example',
    adminPassword: PASSWORD,
  });
  const { campaignId, teamIds } = await seedCampaignAndTeams(database.db, account.accountId, account.productConfigurationId);
  await database.close();
  console.log(
    `${clients.toLocaleString('en')} clients, ${(clients * 2).toLocaleString('en')} finished measurements, teams of ${TEAM_SIZES.join(', ')} seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${bench.kind})`,
  );
  const server = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all');
  try {
    const admin = await signIn(server.base, account.adminEmail, PASSWORD);
    const resultPath = `/api/teams/${teamIds[0]}/repeated_measurement/${campaignId}/result?locale=EN_US`;
    const comparePath = `/api/teams/compare/${campaignId}?${teamIds.map((id) => `teamId=${id}`).join('&')}&locale=DE_DE`;
    const timed = async (path: string, check?: (body: string) => void) => {
      const start = performance.now();
      const res = await admin.get(path);
      const body = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
      const elapsed = performance.now() - start;
      check?.(body);
      return elapsed;
    };
    const line = (label: string, times: number[]) => {
      times.sort((a, b) => a - b);
      console.log(`  ${label.padEnd(50)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   (${times.length} requests)`);
    };
    for (const anonymised of [false, true]) {
      if (anonymised) {
        await enableAllowList(server.base, admin.cookie);
      }
      const suffix = anonymised ? ', allow-list on' : '';
      // The first answer is checked: the whole team, with results, and (allow-list on) no member by name.
      await timed(resultPath, (body) => {
        const json = JSON.parse(body) as { withResults: number; team: { members: { anonymizationKind: string }[] } };
        if (json.withResults !== TEAM_SIZES[0] || json.team.members.length !== TEAM_SIZES[0]) throw new Error(`unexpected team result: ${json.withResults}`);
        if (anonymised && json.team.members.some((m) => m.anonymizationKind !== 'NUMBER')) throw new Error('a member is shown by name');
      });
      const result: number[] = [];
      for (let i = 0; i < REQUESTS; i++) result.push(await timed(resultPath));
      line(`team result, 1,000 members${suffix}`, result);
      await timed(comparePath);
      const compare: number[] = [];
      for (let i = 0; i < REQUESTS; i++) compare.push(await timed(comparePath));
      line(`comparison of 3 teams (1,000 + 1,000 + 500)${suffix}`, compare);
    }
    const concurrent: number[] = [];
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < end) concurrent.push(await timed(resultPath));
      }),
    );
    concurrent.sort((a, b) => a - b);
    console.log(
      `  ${'team result, 20 concurrent, allow-list on'.padEnd(50)} p50 ${percentile(concurrent, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(concurrent, 95).toFixed(1).padStart(6)} ms   ${(concurrent.length / seconds).toFixed(0)} req/s`,
    );
  } finally {
    await server.stop();
    await bench.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runTeamBench(process.argv[2] ? Number(process.argv[2]) : undefined);
