// Connecting a CRM (issue 38 point 4, docs/decisions/0094) against local stand-ins of Salesforce and HubSpot on the
// real code path: the authorize URL carries a PKCE S256 challenge and a state; the callback exchanges the code with
// the verifier and keeps the tokens encrypted; a wrong, replayed or expired state is refused; the mapping is checked;
// another account sees nothing; only an API admin gets in; connect, mapping change and disconnect are on the trail.
import { createHash } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, crmConnections, crmOauthStates } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { waitFor } from '../../test/wait-for';
import { FULL_MAPPING, connect, crmAdmin, roundTrip, startCrmTestApp, type ProviderPath } from './fixtures/crm-test-kit';

let kit: Awaited<ReturnType<typeof startCrmTestApp>>;
let t: TestApp;
beforeAll(async () => {
  kit = await startCrmTestApp();
  t = kit.t;
});
afterAll(() => kit.close());

const PROVIDERS: ProviderPath[] = ['salesforce', 'hubspot'];

describe.each(PROVIDERS)('connecting %s', (provider) => {
  it('sends the admin to the CRM with a PKCE S256 challenge and a state, and keeps the tokens encrypted', async () => {
    const a = await crmAdmin(t);
    const { authorizationUrl, callback } = await roundTrip(a, provider);
    const q = authorizationUrl.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(22);
    expect(q.get('redirect_uri')).toMatch(new RegExp(`/api/account/crm/${provider}/callback$`));
    expect(callback.statusCode, callback.body).toBe(303);
    expect(callback.headers.location).toMatch(new RegExp(`/settings/crm\\?connected=${provider}$`));
    // The token request carried the verifier whose S256 is the challenge (the stand-in refuses anything else).
    const tokenCall = kit.standinOf(provider).received.filter((r) => r.method === 'POST' && r.path.endsWith('token')).at(-1)!;
    const verifier = new URLSearchParams(tokenCall.body).get('code_verifier')!;
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(q.get('code_challenge'));

    const [row] = await t.db.select().from(crmConnections).where(eq(crmConnections.accountId, a.account.id));
    const handedOut = [...kit.standinOf(provider).validAccess, ...kit.standinOf(provider).validRefresh];
    for (const token of handedOut) expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.accessTokenEncrypted).toMatch(/^v2\./);
    const list = await a.http.request('GET', '/api/account/crm');
    expect(list.statusCode).toBe(200);
    const shown = (list.json().connections as { provider: string; status: string; available: boolean; instanceUrl: string | null }[]).find((c) => c.provider === provider.toUpperCase());
    expect(shown).toMatchObject({ status: 'CONNECTED', available: true, instanceUrl: provider === 'salesforce' ? kit.sf.url : null });
    expect(list.body).not.toContain(handedOut[0]!);
  });

  it('refuses a replayed, a wrong and an expired state, and a code the CRM does not accept', async () => {
    const a = await crmAdmin(t);
    const { back, callback } = await roundTrip(a, provider);
    expect(callback.statusCode).toBe(303);
    const replay = await a.http.request('GET', `${back.pathname}${back.search}`);
    expect(replay.headers.location).toMatch(/\/settings\/crm\?error=error\.crm\.state_invalid$/);
    expect(replay.headers['x-error-key']).toBe('error.crm.state_invalid');

    const wrong = new URL(back);
    wrong.searchParams.set('state', 'not-the-state');
    expect((await a.http.request('GET', `${wrong.pathname}${wrong.search}`)).headers['x-error-key']).toBe('error.crm.state_invalid');

    const second = await a.http.request('POST', `/api/account/crm/${provider}/connect`);
    const state = new URL(second.json().authorizationUrl as string).searchParams.get('state')!;
    await t.db.update(crmOauthStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(crmOauthStates.stateHash, createHash('sha256').update(state).digest('hex')));
    const expired = await a.http.request('GET', `/api/account/crm/${provider}/callback?state=${state}&code=whatever`);
    expect(expired.headers['x-error-key']).toBe('error.crm.state_invalid');

    const third = await a.http.request('POST', `/api/account/crm/${provider}/connect`);
    const state3 = new URL(third.json().authorizationUrl as string).searchParams.get('state')!;
    const badCode = await a.http.request('GET', `/api/account/crm/${provider}/callback?state=${state3}&code=forged`);
    expect(badCode.headers['x-error-key']).toBe('error.crm.authorization_failed');
    const cancelled = await a.http.request('POST', `/api/account/crm/${provider}/connect`);
    const state4 = new URL(cancelled.json().authorizationUrl as string).searchParams.get('state')!;
    const denied = await a.http.request('GET', `/api/account/crm/${provider}/callback?state=${state4}&error=access_denied`);
    expect(denied.headers['x-error-key']).toBe('error.crm.authorization_failed');
  });

  it("does not take another admin's state", async () => {
    const a = await crmAdmin(t);
    const other = await crmAdmin(t);
    const start = await a.http.request('POST', `/api/account/crm/${provider}/connect`);
    const atCrm = await fetch(start.json().authorizationUrl as string, { redirect: 'manual' });
    const back = new URL(atCrm.headers.get('location')!);
    const stolen = await other.http.request('GET', `${back.pathname}${back.search}`);
    expect(stolen.headers['x-error-key']).toBe('error.crm.state_invalid');
    expect(await t.db.select().from(crmConnections).where(eq(crmConnections.accountId, other.account.id))).toEqual([]);
  });
});

describe('the field mapping', () => {
  it.each([
    [{ ...FULL_MAPPING.salesforce, fields: { ...FULL_MAPPING.salesforce.fields, answers: 'All_Answers__c' } }, 'unknown product field'],
    [{ ...FULL_MAPPING.salesforce, fields: { ...FULL_MAPPING.salesforce.fields, riskClass: 'Risk Class; DROP' } }, 'property name with spaces'],
    [{ ...FULL_MAPPING.salesforce, externalIdProperty: "x' OR Id != '" }, 'external-id property that would break the query'],
    [{ fields: FULL_MAPPING.salesforce.fields }, 'missing parts'],
  ] as [unknown, string][])('refuses %j (%s) with 400 error.validation and keeps the mapping', async (body) => {
    const a = await crmAdmin(t);
    await connect(a, 'salesforce');
    expect((await a.http.request('PUT', '/api/account/crm/salesforce/mapping', FULL_MAPPING.salesforce)).statusCode).toBe(200);
    const res = await a.http.request('PUT', '/api/account/crm/salesforce/mapping', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
    const [row] = await t.db.select().from(crmConnections).where(eq(crmConnections.accountId, a.account.id));
    expect(row!.fieldMapping).toEqual(FULL_MAPPING.salesforce);
  });

  it('answers error.crm.not_connected for a CRM the account has not connected, and 400 for an unknown CRM', async () => {
    const a = await crmAdmin(t);
    const res = await a.http.request('PUT', '/api/account/crm/hubspot/mapping', FULL_MAPPING.hubspot);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorKey).toBe('error.crm.not_connected');
    expect((await a.http.request('POST', '/api/account/crm/pipedrive/connect')).json().errorKey).toBe('error.validation');
  });
});

describe('access', () => {
  it("answers another account's connection as missing", async () => {
    const owner = await crmAdmin(t);
    const other = await crmAdmin(t);
    await connect(owner, 'hubspot');
    for (const [method, path, body] of [
      ['PUT', '/api/account/crm/hubspot/mapping', FULL_MAPPING.hubspot],
      ['DELETE', '/api/account/crm/hubspot', undefined],
      ['POST', '/api/account/crm/hubspot/sync', undefined],
      ['GET', '/api/account/crm/hubspot/failures', undefined],
      ['POST', '/api/account/crm/hubspot/import', { productConfigurationId: other.configId }],
    ] as const) {
      const res = await other.http.request(method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().errorKey).toBe('error.crm.not_connected');
    }
    const seen = (await other.http.request('GET', '/api/account/crm')).json().connections as { status: string }[];
    expect(seen.map((c) => c.status)).toEqual(['NOT_CONNECTED', 'NOT_CONNECTED']);
    expect((await owner.http.request('GET', '/api/account/crm')).json().connections[1].status).toBe('CONNECTED');
  });

  it('refuses a user without API management', async () => {
    const a = await crmAdmin(t, [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }]);
    for (const [method, path] of [
      ['GET', '/api/account/crm'],
      ['POST', '/api/account/crm/salesforce/connect'],
      ['PUT', '/api/account/crm/salesforce/mapping'],
      ['DELETE', '/api/account/crm/salesforce'],
    ] as const) {
      const res = await a.http.request(method, path, method === 'PUT' ? FULL_MAPPING.salesforce : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().errorKey).toBe('error.auth.forbidden');
    }
    expect(await t.db.select().from(crmOauthStates).where(eq(crmOauthStates.accountId, a.account.id))).toEqual([]);
  });

  it('records connect, mapping change and disconnect on the trail, and disconnecting forgets the tokens', async () => {
    const a = await crmAdmin(t);
    await connect(a, 'salesforce');
    expect((await a.http.request('PUT', '/api/account/crm/salesforce/mapping', FULL_MAPPING.salesforce)).statusCode).toBe(200);
    expect((await a.http.request('DELETE', '/api/account/crm/salesforce')).statusCode).toBe(200);
    expect(await t.db.select().from(crmConnections).where(eq(crmConnections.accountId, a.account.id))).toEqual([]);
    const actions = await waitFor(
      async () => {
        const rows = await t.db.select({ action: auditEvents.action, details: auditEvents.details }).from(auditEvents).where(and(eq(auditEvents.accountId, a.account.id), like(auditEvents.action, 'crm.%')));
        const names = rows.map((r) => r.action);
        return ['crm.connect', 'crm.mapping_update', 'crm.disconnect'].every((n) => names.includes(n)) && rows;
      },
      'the CRM audit events',
      { timeoutMs: 5000, intervalMs: 100 },
    );
    expect(actions.find((r) => r.action === 'crm.connect')!.details).toMatchObject({ provider: 'salesforce' });
    expect((await a.http.request('DELETE', '/api/account/crm/salesforce')).json().errorKey).toBe('error.crm.not_connected');
  });
});
