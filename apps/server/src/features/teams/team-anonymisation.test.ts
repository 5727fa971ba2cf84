// Teams and campaigns follow the viewer's anonymisation allow-list (spec section 5, docs/decisions/0021): with the
// list on, a member not on it reads "Client <n>" with the same running number as in the client list, a member
// without a result reads as stars, and no response carries their real name or e-mail. With the list off, names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { campaignAccount, otherUser } from '../repeated-measurements/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof campaignAccount>>;
interface Member {
  token: string;
  name: string;
  firstName: string;
  fullName: string;
  initials: string;
  anonymize: boolean;
  anonymizedName: string | null;
  anonymizationKind: string;
}

/** Six measured people (one of them will be put on the list) and one member without any result. */
async function anonymisedTeam(a: Account) {
  const campaign = await a.createCampaign();
  const measured = [];
  for (let i = 0; i < 6; i++) {
    const client = await a.addClient(`Secretfirst${String.fromCharCode(65 + i)}`, `Hiddenlast${String.fromCharCode(65 + i)}`);
    await a.measure(campaign.id, client.id, 1, 10 + i);
    measured.push(client);
  }
  const listed = await a.addClient('Lena', 'Listed');
  await a.measure(campaign.id, listed.id, 1, 99);
  const unmeasured = await a.addClient('Nomeasure', 'Starperson');
  const tokens = [...measured, listed, unmeasured].map((c) => c.token);
  const created = await a.http.request('POST', '/api/admin/teams', { name: 'Sales', repeatedMeasurementId: campaign.id, userTokens: tokens.slice(0, 4) });
  expect(created.statusCode).toBe(201);
  const team = created.json() as { id: string };
  const second = await a.http.request('POST', '/api/admin/teams', { name: 'Support', repeatedMeasurementId: campaign.id, userTokens: tokens.slice(4) });
  expect(second.statusCode).toBe(201);
  const allowList = await a.http.request('POST', `/api/productconfig/${a.config('BQ_SELECTION')}/user/anonymization_allow_list`, { userToken: listed.token });
  expect(allowList.statusCode).toBe(200);
  return { campaign, team, second: second.json() as { id: string }, measured, listed, unmeasured };
}

async function enable(a: Account | { http: Account['http'] }, on = true) {
  const res = await a.http.request('POST', '/api/admin/user/settings', { anonymizationAllowListEnabled: on });
  expect(res.statusCode, res.body).toBe(200);
}

const REAL_NAMES = /Secretfirst|Hiddenlast|Nomeasure|Starperson/;

/** The client list's names for this viewer, by token: the reference the team screens must agree with. */
async function clientListNames(a: Account) {
  const res = await a.http.request('GET', `/api/participants?productConfigurationId=${a.config('BQ_SELECTION')}&pageSize=100&status=ALL`);
  expect(res.statusCode).toBe(200);
  return new Map<string, { anonymizedName: string | null; anonymizationKind: string }>(
    res.json().items.map((c: { token: string; anonymizedName: string | null; anonymizationKind: string }) => [c.token, c]),
  );
}

describe('team members under the anonymisation allow-list', () => {
  it('show names while the list is off', async () => {
    const a = await campaignAccount(t);
    const { campaign, team } = await anonymisedTeam(a);
    const res = await a.http.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result`);
    expect(res.statusCode).toBe(200);
    expect(res.json().team.members.map((m: Member) => m.fullName)).toEqual([
      'HiddenlastA, SecretfirstA',
      'HiddenlastB, SecretfirstB',
      'HiddenlastC, SecretfirstC',
      'HiddenlastD, SecretfirstD',
    ]);
  });

  it('show "Client <n>" with the client list\'s number, listed people by name and people without a result as stars, in every team call', async () => {
    const a = await campaignAccount(t);
    const { campaign, team, second, measured, listed, unmeasured } = await anonymisedTeam(a);
    await enable(a);
    const reference = await clientListNames(a);

    const result = await a.http.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result`);
    expect(result.statusCode).toBe(200);
    const members: Member[] = result.json().team.members;
    expect(members).toHaveLength(4);
    for (const m of members) {
      const expected = reference.get(m.token)!;
      expect(expected.anonymizationKind).toBe('NUMBER');
      expect(m).toMatchObject({ anonymize: true, anonymizationKind: 'NUMBER', fullName: expected.anonymizedName, name: expected.anonymizedName, firstName: '' });
      expect(m.fullName).toMatch(/^Client \d+$/);
      expect(m.initials).toMatch(/^C\d+$/);
    }
    // Sorted by running number, not by the hidden names.
    const numbers = members.map((m) => Number(m.fullName.replace('Client ', '')));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    expect(result.body).not.toMatch(REAL_NAMES);
    // The aggregates are still there (four people: below k, so "too few to show" as without the list).
    expect(result.json().withResults).toBe(4);

    const list = await a.http.request('GET', `/api/admin/teams?repeatedMeasurementId=${campaign.id}`);
    expect(list.body).not.toMatch(REAL_NAMES);
    const support: Member[] = list.json().find((x: { id: string }) => x.id === second.id).members;
    expect(support.map((m) => [m.token, m.fullName, m.anonymizationKind])).toEqual([
      [listed.token, 'Listed, Lena', 'NAME'],
      [measured[4]!.token, reference.get(measured[4]!.token)!.anonymizedName, 'NUMBER'],
      [measured[5]!.token, reference.get(measured[5]!.token)!.anonymizedName, 'NUMBER'],
      [unmeasured.token, '*****', 'STARS'],
    ]);
    expect(reference.get(unmeasured.token)!.anonymizationKind).toBe('STARS');

    // Adding and removing members answer with the same names.
    const removed = await a.http.request('DELETE', `/api/productconfig/${a.config('BQ_SELECTION')}/teams/${second.id}/members/${listed.token}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.body).not.toMatch(REAL_NAMES);
    const added = await a.http.request('POST', `/api/productconfig/${a.config('BQ_SELECTION')}/teams/${team.id}/members`, { userTokens: [unmeasured.token] });
    expect(added.statusCode).toBe(200);
    expect(added.body).not.toMatch(REAL_NAMES);
    expect(added.json().members.at(-1)).toMatchObject({ token: unmeasured.token, fullName: '*****', anonymizationKind: 'STARS' });

    // The comparison of teams names no person at all.
    const compare = await a.http.request('GET', `/api/teams/compare/${campaign.id}?teamId=${team.id}&teamId=${second.id}`);
    expect(compare.statusCode).toBe(200);
    expect(compare.body).not.toMatch(REAL_NAMES);
    expect(compare.body).not.toMatch(/Listed|Lena/);
  });

  it('use the viewer\'s language for the user text ("Kunde <n>")', async () => {
    const a = await campaignAccount(t);
    const { campaign, team } = await anonymisedTeam(a);
    await enable(a);
    const res = await a.http.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result?locale=DE_DE`);
    expect(res.json().team.members.every((m: Member) => /^Kunde \d+$/.test(m.fullName))).toBe(true);
  });

  it('follow each viewer\'s own list: a colleague without the list on sees names', async () => {
    const a = await campaignAccount(t);
    const { campaign, team } = await anonymisedTeam(a);
    await enable(a);
    const colleague = await otherUser(t, a.account.id, [{ realm: 'BQ_SELECTION', entity: 'ALL', action: 'ALL' }]);
    const res = await colleague.request('GET', `/api/teams/${team.id}/repeated_measurement/${campaign.id}/result`);
    expect(res.json().team.members[0].fullName).toBe('HiddenlastA, SecretfirstA');
  });

  it('apply to the campaign\'s participant list and its CSV export too', async () => {
    const a = await campaignAccount(t);
    const { campaign, listed } = await anonymisedTeam(a);
    await enable(a);
    const reference = await clientListNames(a);
    const participants = await a.http.request('GET', `/api/repeated_measurement/${campaign.id}/participants`);
    expect(participants.statusCode).toBe(200);
    expect(participants.body).not.toMatch(REAL_NAMES);
    for (const p of participants.json().participants as { userToken: string; fullName: string }[]) {
      expect(p.fullName).toBe(p.userToken === listed.token ? 'Listed, Lena' : reference.get(p.userToken)!.anonymizedName);
    }
    const csv = await a.http.request('GET', `/api/v1/export/user/repeated_measurement/${campaign.id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(REAL_NAMES);
    expect(csv.body).toMatch(/Client \d+/);
    expect(csv.body).toContain('Listed');
  });
});
