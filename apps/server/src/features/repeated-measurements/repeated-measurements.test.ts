// Repeated measurements through the HTTP API: campaigns, adding participants, the participant list with the
// reliable change verdict, a participant's own view and the CSV export in three locales; isolation and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isReliableChange } from '@bq/scoring/reliable-change';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { campaignAccount, otherUser } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SELECTION_ONLY_RESULTS = [{ realm: 'BQ_SELECTION', entity: 'INDIVIDUAL_RESULTS', action: 'READ' }];

describe('campaigns', () => {
  it('creates a campaign and lists it with its counts', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign('Spring 2026');
    expect(campaign).toMatchObject({ name: 'Spring 2026', productType: 'BQ_SELECTION', interactionId: 'selection', participantCount: 0 });
    const list = await a.http.request('GET', `/api/admin/repeated_measurement?productConfigurationId=${a.config('BQ_SELECTION')}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([campaign.id]);
    // Another product's list does not show it.
    const risk = await a.http.request('GET', `/api/admin/repeated_measurement?productConfigurationId=${a.config('BQ_RISK')}`);
    expect(risk.json()).toEqual([]);
  });

  it('refuses bad input, another account\'s configuration and a missing permission', async () => {
    const a = await campaignAccount(t);
    const b = await campaignAccount(t);
    const blank = await a.http.request('POST', '/api/admin/repeated_measurement', { productConfigurationId: a.config('BQ_SELECTION'), name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errorKey).toBe('error.validation');
    expect((await a.http.request('GET', '/api/admin/repeated_measurement?productConfigurationId=nope')).json().errorKey).toBe('error.validation');
    const foreign = await a.http.request('POST', '/api/admin/repeated_measurement', { productConfigurationId: b.config('BQ_SELECTION'), name: 'X' });
    expect(foreign.statusCode).toBe(404);
    const riskOnly = await otherUser(t, a.account.id, [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }]);
    const denied = await riskOnly.request('POST', '/api/admin/repeated_measurement', { productConfigurationId: a.config('BQ_SELECTION'), name: 'X' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorKey).toBe('error.auth.forbidden');
  });
});

describe('POST /api/admin/repeated_measurement/{id}/interaction', () => {
  it('adds a participant as a new measurement, and the next only after the last one finished', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const client = await a.addClient('Anna', 'Schmidt');
    const first = await a.http.request('POST', `/api/admin/repeated_measurement/${campaign.id}/interaction`, { userToken: client.token });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ userToken: client.token, measurement: 1 });
    const instance = await a.http.request('GET', `/api/instance/${first.json().instanceToken}`);
    expect(instance.json()).toMatchObject({ status: 'NEW', clientToken: client.token });
    const again = await a.http.request('POST', `/api/admin/repeated_measurement/${campaign.id}/interaction`, { userToken: client.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorKey).toBe('error.repeated_measurement.open_measurement');
    // The trail names the client and the questionnaire the answer created; the refused second add left no event.
    await t.app.audit.flush();
    const trail = (await t.db.execute(
      sql`select outcome, client_token, result_token from audit_events where action = 'repeated_measurement.participant_add' and client_token = ${client.token}`,
    )) as unknown as { rows: { outcome: string; client_token: string; result_token: string }[] };
    expect(trail.rows).toEqual([{ outcome: 'ALLOWED', client_token: client.token, result_token: first.json().instanceToken }]);
  });

  it('asks before a client with an open questionnaire sent outside the campaign gets a second one', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const client = await a.addClient('Thomas', 'Wagner');
    const single = await a.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: a.config('BQ_SELECTION') });
    expect(single.statusCode).toBe(201);
    const add = (body: Record<string, unknown>) => a.http.request('POST', `/api/admin/repeated_measurement/${campaign.id}/interaction`, { userToken: client.token, ...body });
    const asked = await add({});
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      errorKey: 'error.interaction.already_open',
      details: { openInstanceToken: single.json().token, openStatus: 'NEW', openSince: expect.any(String), openExpiresAt: expect.any(String) },
    });
    // Nothing was added: no measurement, no second questionnaire.
    const before = await a.http.request('GET', `/api/repeated_measurement/${campaign.id}/participants`);
    expect(before.json().participants).toHaveLength(0);
    const meant = await add({ allowSecondOpen: true });
    expect(meant.statusCode).toBe(201);
    expect(meant.json()).toMatchObject({ userToken: client.token, measurement: 1 });
    expect(meant.json().instanceToken).not.toBe(single.json().token);
    // The campaign's own open measurement is its own refusal, whatever the flag says.
    const again = await add({ allowSecondOpen: true });
    expect([again.statusCode, again.json().errorKey]).toEqual([409, 'error.repeated_measurement.open_measurement']);
  });

  it('refuses bad input, unknown and foreign ids, and a missing permission', async () => {
    const a = await campaignAccount(t);
    const b = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const foreignCampaign = await b.createCampaign();
    const client = await a.addClient('Ben', 'Fischer');
    const foreignClient = await b.addClient('Eve', 'Other');
    const bad = await a.http.request('POST', `/api/admin/repeated_measurement/${campaign.id}/interaction`, { userToken: '' });
    expect(bad.json().errorKey).toBe('error.validation');
    expect((await a.http.request('POST', '/api/admin/repeated_measurement/not-a-uuid/interaction', { userToken: client.token })).statusCode).toBe(400);
    expect((await a.http.request('POST', `/api/admin/repeated_measurement/${foreignCampaign.id}/interaction`, { userToken: client.token })).statusCode).toBe(404);
    expect((await a.http.request('POST', `/api/admin/repeated_measurement/${campaign.id}/interaction`, { userToken: foreignClient.token })).statusCode).toBe(404);
    const readOnly = await otherUser(t, a.account.id, SELECTION_ONLY_RESULTS);
    expect((await readOnly.request('POST', `/api/admin/repeated_measurement/${campaign.id}/interaction`, { userToken: client.token })).statusCode).toBe(403);
  });
});

describe('GET /api/repeated_measurement/{id}/participants', () => {
  it('lists participants with their change, calling it real only when |RCI| > 1.96', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const twice = await a.addClient('Chloe', 'Martin');
    const once = await a.addClient('David', 'Klein');
    const open = await a.addClient('Eva', 'Wolf');
    await a.measure(campaign.id, twice.id, 1, 101);
    await a.measure(campaign.id, twice.id, 2, 202);
    await a.measure(campaign.id, once.id, 1, 303);
    await a.http.request('POST', `/api/admin/repeated_measurement/${campaign.id}/interaction`, { userToken: open.token });

    const all = await a.http.request('GET', `/api/repeated_measurement/${campaign.id}/participants?locale=EN_US`);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.repeatedMeasurement).toMatchObject({ participantCount: 3, completedCount: 2 });
    expect(body.participants.map((p: { fullName: string }) => p.fullName)).toEqual(['Klein, David', 'Martin, Chloe', 'Wolf, Eva']);
    const chloe = body.participants[1];
    expect(chloe.initials).toBe('CM');
    expect(chloe.measurements.map((m: { measurement: number }) => m.measurement)).toEqual([1, 2]);
    expect(chloe.changes.length).toBeGreaterThan(0);
    for (const change of chloe.changes) {
      expect(change.difference).toBeCloseTo(change.latest - change.first, 1);
      expect(change.reliable).toBe(isReliableChange(change.rci));
      if (!change.reliable) expect(change.direction).toBe('unchanged');
      expect(change.name).not.toBe(change.key);
    }
    expect(body.participants[0].changes).toEqual([]);

    const completed = await a.http.request('GET', `/api/repeated_measurement/${campaign.id}/participants?showOnlyCompleted`);
    expect(completed.json().participants.map((p: { fullName: string }) => p.fullName)).toEqual(['Klein, David', 'Martin, Chloe']);
    const explicit = await a.http.request('GET', `/api/repeated_measurement/${campaign.id}/participants?showOnlyCompleted=false`);
    expect(explicit.json().participants).toHaveLength(3);
  });

  it('shows no change of a result that is still locked', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const client = await a.addClient('Felix', 'Braun');
    await a.measure(campaign.id, client.id, 1, 11);
    await a.measure(campaign.id, client.id, 2, 12, 'LOCKED');
    const [p] = (await a.http.request('GET', `/api/repeated_measurement/${campaign.id}/participants`)).json().participants;
    expect(p).toMatchObject({ locked: true, changes: [], completedCount: 2 });
  });

  it('refuses bad input, foreign ids and a missing permission', async () => {
    const a = await campaignAccount(t);
    const b = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const foreign = await b.createCampaign();
    const bad = await a.http.request('GET', `/api/repeated_measurement/${campaign.id}/participants?showOnlyCompleted=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorKey).toBe('error.validation');
    expect((await a.http.request('GET', `/api/repeated_measurement/${foreign.id}/participants`)).statusCode).toBe(404);
    const teamsOnly = await otherUser(t, a.account.id, [{ realm: 'BQ_SELECTION', entity: 'TEAMS', action: 'ALL' }]);
    expect((await teamsOnly.request('GET', `/api/repeated_measurement/${campaign.id}/participants`)).statusCode).toBe(403);
  });
});

describe('GET /api/{product}/participant/me', () => {
  it('shows a participant their own measurements by one of their instance tokens', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign('Autumn');
    const client = await a.addClient('Grace', 'Taylor');
    const other = await a.addClient('Henry', 'Walker');
    const token = await a.measure(campaign.id, client.id, 1, 21);
    await a.measure(campaign.id, client.id, 2, 22);
    await a.measure(campaign.id, other.id, 1, 23);
    const res = await t.app.inject({ method: 'GET', url: `/api/BQ_SELECTION/participant/me?instanceToken=${token}&locale=DE_DE` });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({ firstName: 'Grace', lastName: 'Taylor' });
    expect(me.campaigns).toHaveLength(1);
    expect(me.campaigns[0].name).toBe('Autumn');
    expect(me.campaigns[0].measurements).toHaveLength(2);
    expect(me.campaigns[0].measurements[0].scores.length).toBeGreaterThan(0);
    expect(me.campaigns[0].changes.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown token or another product, 400 without a token', async () => {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign();
    const client = await a.addClient('Ida', 'Zimmermann');
    const token = await a.measure(campaign.id, client.id, 1, 31);
    expect((await t.app.inject({ method: 'GET', url: `/api/BQ_RISK/participant/me?instanceToken=${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/BQ_SELECTION/participant/me?instanceToken=unknown' })).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/api/BQ_SELECTION/participant/me' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorKey).toBe('error.validation');
    expect((await t.app.inject({ method: 'GET', url: `/api/NOPE/participant/me?instanceToken=${token}` })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/export/user/repeated_measurement/{id}/csv', () => {
  async function exportFixture() {
    const a = await campaignAccount(t);
    const campaign = await a.createCampaign('Führung 2026');
    const client = await a.addClient('Jonas', 'Krüger');
    const quoted = await a.addClient('Kate "KT"', 'Evans, Jr.');
    await a.measure(campaign.id, client.id, 1, 41);
    await a.measure(campaign.id, client.id, 2, 42);
    await a.measure(campaign.id, quoted.id, 1, 43, 'LOCKED');
    return { a, campaign };
  }

  it.each([
    ['EN_US', ',', '.', /^\d{2}\/\d{2}\/\d{4}$/, /_\d{2}-\d{2}-\d{4}\.csv/],
    ['EN_UK', ',', '.', /^\d{2}\/\d{2}\/\d{4}$/, /_\d{2}-\d{2}-\d{4}\.csv/],
    ['DE_DE', ';', ',', /^\d{2}\.\d{2}\.\d{4}$/, /_\d{2}-\d{2}-\d{4}\.csv/],
  ])('writes a spreadsheet-ready CSV in %s', async (locale, separator, decimal, datePattern, namePattern) => {
    const { a, campaign } = await exportFixture();
    const res = await a.http.request('GET', `/api/v1/export/user/repeated_measurement/${campaign.id}/csv?locale=${locale}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="repeated-measurement_Fuehrung-2026_/);
    expect(disposition).toMatch(namePattern);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    const header = lines[0]!.split(separator);
    expect(header[0]).toBe({ EN_US: 'Last name', EN_UK: 'Surname', DE_DE: 'Nachname' }[locale]);
    expect(header.length).toBeGreaterThan(5);
    // Evans, Jr. sorts first; a name with the separator or a quote is quoted, quotes doubled.
    expect(lines[1]!.startsWith(locale === 'DE_DE' ? 'Evans, Jr.;"Kate ""KT"""' : '"Evans, Jr.","Kate ""KT"""')).toBe(true);
    expect(lines[1]).toContain('LOCKED');
    const kruger = lines[2]!.split(separator);
    expect(kruger.slice(0, 4)).toEqual(['Krüger', 'Jonas', '1', 'RESULTS_AVAILABLE']);
    expect(kruger[4]).toMatch(datePattern);
    const score = kruger[5]!;
    expect(score).toMatch(new RegExp(`^\\d+\\${decimal}\\d$`));
    expect(lines[3]!.split(separator)[2]).toBe('2');
  });

  it('refuses bad input, foreign ids and a user without INDIVIDUAL_EXPORT', async () => {
    const { a, campaign } = await exportFixture();
    const b = await campaignAccount(t);
    const bad = await a.http.request('GET', `/api/v1/export/user/repeated_measurement/${campaign.id}/csv?locale=FR_FR`);
    expect(bad.json().errorKey).toBe('error.validation');
    expect((await b.http.request('GET', `/api/v1/export/user/repeated_measurement/${campaign.id}/csv`)).statusCode).toBe(404);
    const resultsOnly = await otherUser(t, a.account.id, SELECTION_ONLY_RESULTS);
    const denied = await resultsOnly.request('GET', `/api/v1/export/user/repeated_measurement/${campaign.id}/csv`);
    expect(denied.statusCode).toBe(403);
  });
});

describe('the demo campaign', () => {
  it('has two teams above the floor and changes both real and within measurement error', async () => {
    const { seedDemo, DEMO_ADMIN } = await import('../demo/seed-demo');
    await seedDemo(t.db);
    const http = new TestClient(t.app);
    await http.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const user = (await http.request('GET', '/api/user')).json();
    const selection = user.products.find((p: { productType: string }) => p.productType === 'BQ_SELECTION');
    const [campaign] = (await http.request('GET', `/api/admin/repeated_measurement?productConfigurationId=${selection.id}`)).json();
    expect(campaign).toMatchObject({ name: 'Leadership programme 2026', participantCount: 12, completedCount: 12 });
    const changes = (await http.request('GET', `/api/repeated_measurement/${campaign.id}/participants`)).json()
      .participants.flatMap((p: { changes: { reliable: boolean }[] }) => p.changes);
    const real = changes.filter((c: { reliable: boolean }) => c.reliable).length;
    expect(real).toBeGreaterThan(0);
    expect(real).toBeLessThan(changes.length / 2);
    const teams = (await http.request('GET', `/api/admin/teams?repeatedMeasurementId=${campaign.id}`)).json();
    expect(teams.map((x: { name: string }) => x.name)).toEqual(['Operations', 'Sales']);
    const result = (await http.request('GET', `/api/teams/${teams[0].id}/repeated_measurement/${campaign.id}/result`)).json();
    expect(result).toMatchObject({ withResults: 6, tooFewToShow: false });
  });
});
