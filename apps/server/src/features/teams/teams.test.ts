// Teams through the HTTP API: create, list, delete, members, the team result (mean and spread per dimension, the
// k-anonymity floor) and the comparison of teams; isolation between accounts and permissions; a team of 1,000.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactionInstances } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { campaignAccount, otherUser } from '../repeated-measurements/test-fixtures';
import { teamStatistics } from './team-result';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof campaignAccount>>;

/** A campaign with `count` clients, each measured (twice for even ones, the later counting), plus their tokens. */
async function measuredClients(a: Account, campaignId: string, count: number, seed = 1) {
  const people = [];
  for (let i = 0; i < count; i++) {
    const client = await a.addClient(`First${i}`, `Last${String.fromCharCode(65 + i)}`);
    await a.measure(campaignId, client.id, 1, seed * 100 + i);
    if (i % 2 === 0) await a.measure(campaignId, client.id, 2, seed * 100 + 50 + i);
    people.push(client);
  }
  return people;
}

async function createTeam(a: Account, campaignId: string, name: string, userTokens: string[]) {
  const res = await a.http.request('POST', '/api/admin/teams', { name, repeatedMeasurementId: campaignId, userTokens });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; members: { token: string; fullName: string; initials: string }[] };
}

describe('team administration', () => {
  it('creates, lists, changes and deletes a team; members read "name, first name"', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const anna = await a.addClient('Anna', 'Schmidt');
    const ben = await a.addClient('Ben', 'Fischer');
    const team = await createTeam(a, campaign.id, 'Sales', [anna.token]);
    expect(team.members).toEqual([
      { token: anna.token, name: 'Schmidt', firstName: 'Anna', fullName: 'Schmidt, Anna', initials: 'AS', anonymize: false, anonymizedName: null, anonymizedInitials: null, anonymizationKind: 'NAME' },
    ]);

    const added = await a.http.request('POST', `/api/productconfig/${a.config('BQ_SELECTION')}/teams/${team.id}/members`, { userTokens: [ben.token, anna.token] });
    expect(added.statusCode).toBe(200);
    expect(added.json().members.map((m: { fullName: string }) => m.fullName)).toEqual(['Fischer, Ben', 'Schmidt, Anna']);

    const list = await a.http.request('GET', `/api/admin/teams?repeatedMeasurementId=${campaign.id}`);
    expect(list.json().map((x: { name: string }) => x.name)).toEqual(['Sales']);

    const removed = await a.http.request('DELETE', `/api/productconfig/${a.config('BQ_SELECTION')}/teams/${team.id}/members/${anna.token}`);
    expect(removed.json().members.map((m: { token: string }) => m.token)).toEqual([ben.token]);
    expect((await a.http.request('DELETE', `/api/productconfig/${a.config('BQ_SELECTION')}/teams/${team.id}/members/${anna.token}`)).statusCode).toBe(404);

    expect((await a.http.request('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(204);
    expect((await a.http.request('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(404);
    expect((await a.http.request('GET', `/api/admin/teams?repeatedMeasurementId=${campaign.id}`)).json()).toEqual([]);
  });

  it('refuses bad input and a duplicate name', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    await createTeam(a, campaign.id, 'Sales', []);
    const dup = await a.http.request('POST', '/api/admin/teams', { name: 'sales', repeatedMeasurementId: campaign.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorKey).toBe('error.teams.duplicate_name');
    const blank = await a.http.request('POST', '/api/admin/teams', { name: '', repeatedMeasurementId: campaign.id });
    expect(blank.json().errorKey).toBe('error.validation');
    expect((await a.http.request('GET', '/api/admin/teams')).json().errorKey).toBe('error.validation');
    expect((await a.http.request('DELETE', '/api/teams/123')).json().errorKey).toBe('error.validation');
    const noTokens = await a.http.request('POST', `/api/productconfig/${a.config('BQ_SELECTION')}/teams/${campaign.id}/members`, { userTokens: [] });
    expect(noTokens.json().errorKey).toBe('error.validation');
  });

  it('treats another account\'s campaign, team, client and configuration as missing', async () => {
    const a = await campaignAccount(t);
    const b = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const foreignCampaign = await b.createCampaign();
    const foreignClient = await b.addClient('Eve', 'Other');
    const mine = await a.addClient('Ida', 'Mine');
    const team = await createTeam(a, campaign.id, 'A', [mine.token]);
    expect((await a.http.request('POST', '/api/admin/teams', { name: 'X', repeatedMeasurementId: foreignCampaign.id })).statusCode).toBe(404);
    expect((await a.http.request('POST', '/api/admin/teams', { name: 'X', repeatedMeasurementId: campaign.id, userTokens: [foreignClient.token] })).statusCode).toBe(404);
    expect((await a.http.request('GET', `/api/admin/teams?repeatedMeasurementId=${foreignCampaign.id}`)).statusCode).toBe(404);
    expect((await b.http.request('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(404);
    expect((await b.http.request('POST', `/api/productconfig/${b.config('BQ_SELECTION')}/teams/${team.id}/members`, { userTokens: [foreignClient.token] })).statusCode).toBe(404);
    // The team's own account, but the path names another product configuration.
    expect((await a.http.request('POST', `/api/productconfig/${a.config('BQ_RISK')}/teams/${team.id}/members`, { userTokens: [mine.token] })).statusCode).toBe(404);
    expect((await b.http.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result`)).statusCode).toBe(404);
  });

  it('needs TEAMS in the product\'s realm', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const team = await createTeam(a, campaign.id, 'A', []);
    const reader = await otherUser(t, a.account.id, [{ realm: 'BQ_SELECTION', entity: 'TEAMS', action: 'READ' }]);
    expect((await reader.request('GET', `/api/admin/teams?repeatedMeasurementId=${campaign.id}`)).statusCode).toBe(200);
    const denied = await reader.request('POST', '/api/admin/teams', { name: 'B', repeatedMeasurementId: campaign.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorKey).toBe('error.auth.forbidden');
    expect((await reader.request('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(403);
    const riskOnly = await otherUser(t, a.account.id, [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }]);
    expect((await riskOnly.request('GET', `/api/admin/teams?repeatedMeasurementId=${campaign.id}`)).statusCode).toBe(403);
    expect((await riskOnly.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result`)).statusCode).toBe(403);
  });
});

describe('GET /api/teams/{teamId}/repeated_measurement/{id}/result', () => {
  it('gives mean and spread per dimension over each member\'s latest finished measurement', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const people = await measuredClients(a, campaign.id, 6);
    const team = await createTeam(a, campaign.id, 'Six', people.map((p) => p.token));
    const res = await a.http.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result?locale=DE_DE`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ withResults: 6, anonymityK: 5, tooFewToShow: false, locale: 'DE_DE', repeatedMeasurementName: 'Spring 2026' });
    expect(body.team.members).toHaveLength(6);

    // The same figures from the stored results, computed here: the latest measurement of each member.
    const latest = await t.db.execute<{ dims: { key: string; t: number | null }[] }>(sql`
      select distinct on (rmi.client_id) ii.results->'dimensions' as dims from repeated_measurement_instances rmi
      join interaction_instances ii on ii.id = rmi.instance_id
      where rmi.repeated_measurement_id = ${campaign.id} order by rmi.client_id, rmi.measurement desc`);
    const rows = (latest as unknown as { rows: { dims: { key: string; t: number | null }[] }[] }).rows;
    expect(rows).toHaveLength(6);
    for (const dim of body.dimensions) {
      const ts = rows.map((r) => r.dims.find((d) => d.key === dim.key)!.t).filter((v): v is number => typeof v === 'number');
      const mean = ts.reduce((s, v) => s + v, 0) / ts.length;
      const sd = Math.sqrt(ts.reduce((s, v) => s + (v - mean) ** 2, 0) / (ts.length - 1));
      expect(dim.count).toBe(ts.length);
      expect(dim.mean).toBeCloseTo(mean, 1);
      expect(dim.sd).toBeCloseTo(sd, 1);
      expect(dim.min).toBeCloseTo(Math.min(...ts), 1);
      expect(dim.max).toBeCloseTo(Math.max(...ts), 1);
    }
  });

  it('withholds the figures of a team with fewer members with results than the floor', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const people = await measuredClients(a, campaign.id, 4);
    const waiting = await a.addClient('Not', 'Yet');
    const team = await createTeam(a, campaign.id, 'Four', [...people.map((p) => p.token), waiting.token]);
    const body = (await a.http.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result`)).json();
    expect(body).toMatchObject({ withResults: 4, tooFewToShow: true });
    expect(body.team.members).toHaveLength(5);
    for (const dim of body.dimensions) expect(dim).toMatchObject({ tooFewToShow: true, mean: null, sd: null, min: null, max: null });
    // A fifth member with a result lifts it over the floor.
    const [fifth] = await measuredClients(a, campaign.id, 1, 9);
    await a.http.request('POST', `/api/productconfig/${a.config('BQ_SELECTION')}/teams/${team.id}/members`, { userTokens: [fifth!.token] });
    const after = (await a.http.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result`)).json();
    expect(after).toMatchObject({ withResults: 5, tooFewToShow: false });
    expect(after.dimensions[0].mean).toEqual(expect.any(Number));
    // The account's own k (Settings > Anonymisation) is the floor: raised to 6, five are too few again.
    expect((await a.http.request('POST', '/api/admin/user/settings', { anonymityK: 6 })).statusCode).toBe(200);
    const raised = (await a.http.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result`)).json();
    expect(raised).toMatchObject({ withResults: 5, anonymityK: 6, tooFewToShow: true });
  });

  it('refuses bad ids and a campaign of another product', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const team = await createTeam(a, campaign.id, 'A', []);
    expect((await a.http.request('GET', `/api/teams/nope/repeated_measurement/${campaign.id}/result`)).json().errorKey).toBe('error.validation');
    expect((await a.http.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result?locale=xx`)).json().errorKey).toBe('error.validation');
    const risk = await a.http.request('POST', '/api/admin/repeated_measurement', { productConfigurationId: a.config('BQ_RISK'), name: 'Risk' });
    expect((await a.http.request('GET', `/api/teams/${team.id}/repeated_measurement/${risk.json().id}/result`)).statusCode).toBe(404);
  });
});

describe('GET /api/teams/compare/{repeatedMeasurementId}', () => {
  it('shows several teams side by side in the order asked for, each under the floor on its own', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const people = await measuredClients(a, campaign.id, 8);
    const big = await createTeam(a, campaign.id, 'Big', people.slice(0, 5).map((p) => p.token));
    const small = await createTeam(a, campaign.id, 'Small', people.slice(5).map((p) => p.token));
    const res = await a.http.request('GET', `/api/teams/compare/${campaign.id}?teamId=${small.id}&teamId=${big.id}&locale=EN_UK`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.locale).toBe('EN_UK');
    expect(body.teams.map((x: { name: string }) => x.name)).toEqual(['Small', 'Big']);
    expect(body.teams[0]).toMatchObject({ memberCount: 3, withResults: 3, tooFewToShow: true });
    expect(body.teams[1]).toMatchObject({ memberCount: 5, withResults: 5, tooFewToShow: false });
    expect(body.dimensions.length).toBe(body.teams[1].dimensions.length);
    const single = (await a.http.request('GET', `/api/teams/${big.id}/repeated_measurement/${campaign.id}/result`)).json();
    expect(body.teams[1].dimensions).toEqual(single.dimensions);
  });

  it('refuses one team, foreign teams and a user without TEAMS_COMPARISON', async () => {
    const a = await campaignAccount(t);
    const b = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const other = await b.createCampaign();
    const one = await createTeam(a, campaign.id, 'One', []);
    const two = await createTeam(a, campaign.id, 'Two', []);
    const foreign = await createTeam(b, other.id, 'Foreign', []);
    const single = await a.http.request('GET', `/api/teams/compare/${campaign.id}?teamId=${one.id}`);
    expect(single.statusCode).toBe(400);
    expect(single.json().errorKey).toBe('error.validation');
    expect((await a.http.request('GET', `/api/teams/compare/${campaign.id}?teamId=${one.id}&teamId=${foreign.id}`)).statusCode).toBe(404);
    expect((await b.http.request('GET', `/api/teams/compare/${campaign.id}?teamId=${one.id}&teamId=${two.id}`)).statusCode).toBe(404);
    const teamsOnly = await otherUser(t, a.account.id, [{ realm: 'BQ_SELECTION', entity: 'TEAMS', action: 'ALL' }]);
    expect((await teamsOnly.request('GET', `/api/teams/compare/${campaign.id}?teamId=${one.id}&teamId=${two.id}`)).statusCode).toBe(403);
  });
});

describe('a team of 1,000 members', () => {
  it('is aggregated by one set-based query, well under 100 ms on PostgreSQL', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const [seed] = await measuredClients(a, campaign.id, 1, 7);
    const team = await createTeam(a, campaign.id, 'Large', [seed!.token]);
    const [template] = await t.db.select({ results: interactionInstances.results }).from(interactionInstances).where(eq(interactionInstances.clientId, seed!.id)).limit(1);
    const config = a.config('BQ_SELECTION');
    // 999 more members, each with a finished measurement carrying a copy of the scored result.
    await t.db.execute(sql`
      with c as (
        insert into clients (account_id, token, first_name, last_name, email)
        select ${a.account.id}, 'bulk-' || g || '-' || md5(random()::text), 'F' || g, 'L' || g, 'bulk' || g || '-' || md5(random()::text) || '@example.com'
        from generate_series(1, 999) g returning id
      ), cp as (
        insert into client_products (client_id, product_configuration_id, account_id) select id, ${config}, ${a.account.id} from c
      ), i as (
        insert into interaction_instances (account_id, token, client_id, product_configuration_id, interaction_id, status, lock_status, results)
        select ${a.account.id}, 'bulk-' || md5(random()::text || c.id::text), c.id, ${config}, 'selection', 'RESULTS_AVAILABLE', 'UNLOCKED', ${JSON.stringify(template!.results)}::jsonb
        from c returning id, client_id
      ), r as (
        insert into repeated_measurement_instances (repeated_measurement_id, instance_id, client_id, account_id, measurement)
        select ${campaign.id}, id, client_id, ${a.account.id}, 1 from i
      )
      insert into team_members (team_id, client_id, account_id) select ${team.id}, id, ${a.account.id} from c`);
    await t.db.execute(sql`analyze`);
    const url = `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result`;
    const first = await a.http.request('GET', url);
    expect(first.json()).toMatchObject({ withResults: 1000, tooFewToShow: false });
    expect(first.json().team.members).toHaveLength(1000);
    // The aggregate itself (one query for the whole team); the median of seven, as the machine is shared.
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      const stats = await teamStatistics(t.db, a.account.id, campaign.id, [team.id]);
      times.push(performance.now() - started);
      expect(stats.get(team.id)?.withResults).toBe(1000);
    }
    times.sort((x, y) => x - y);
    if (t.kind === 'postgres') expect(times[3]).toBeLessThan(100);
  }, 120_000);
});

describe('OpenAPI', () => {
  it('shows every teams and repeated-measurement call with its error keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/repeated_measurement',
        '/api/admin/repeated_measurement/{id}/interaction',
        '/api/repeated_measurement/{id}/participants',
        '/api/{product}/participant/me',
        '/api/v1/export/user/repeated_measurement/{id}/csv',
        '/api/admin/teams',
        '/api/teams/{teamId}',
        '/api/productconfig/{configId}/teams/{teamId}/members',
        '/api/productconfig/{configId}/teams/{teamId}/members/{memberToken}',
        '/api/teams/{teamId}/repeated_measurement/{id}/result',
        '/api/teams/compare/{repeatedMeasurementId}',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/admin/teams'].post.responses['409'])).toContain('error.teams.duplicate_name');
    const participants = doc.paths['/api/repeated_measurement/{id}/participants'].get.parameters.map((p: { name: string }) => p.name);
    expect(participants).toContain('showOnlyCompleted');
  });
});
