// Actions in words (issue 37 point 10; docs/decisions/0080), generated from the route table: every action a route
// declares, and every one the product records itself (SYSTEM_ACTIONS), has its words in EN_US, EN_UK and DE_DE, so a
// new action without words fails here. GET /api/audit/actions lists the same actions for the filter, and a filter by
// an action nobody records answers its own errorKey instead of an empty page or a bare validation error.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@bq/domain/locales';
import { paths } from '../../paths';
import { readTranslationFiles } from '../translations/seed-translations';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { SYSTEM_ACTIONS, actionsOfRoute } from './audit-actions';
import { appendToChain } from './audit-chain';
import { EVENTS_LOST } from './audit-recorder';
import { CHAIN_UPGRADED } from './legacy-chain';
import { RETENTION_ACTION } from '../retention/retention-sweep';

const collected: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (r) => void collected.push(r) });
});
afterAll(() => t.close());

const declared = () => new Set([...collected.flatMap(actionsOfRoute), ...SYSTEM_ACTIONS]);

async function officer() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 1 });
  const { email, password } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
  return { http, accountId: acc.account.id };
}

describe('audit actions', () => {
  it('has words for every declared and every system action in all three locales', () => {
    const actions = declared();
    expect(actions.size).toBeGreaterThan(80);
    // The constants the recorders use are in the one list.
    for (const system of [EVENTS_LOST, CHAIN_UPGRADED, RETENTION_ACTION, 'mail.sent']) expect(SYSTEM_ACTIONS).toContain(system);
    const entries = readTranslationFiles(paths.translationsData).filter((e) => e.textType === 'BQUI');
    for (const language of LOCALES) {
      const keys = new Set(entries.filter((e) => e.language === language).map((e) => e.key));
      const missing = [...actions].filter((a) => !keys.has(`audit.action.${a}`));
      expect(missing, `${language}: add audit.action.<action> to translations/data/${language}/BQUI.json`).toEqual([]);
    }
  });

  it('lists the same actions for the filter, sorted, to a reader of the trail', async () => {
    const { http } = await officer();
    const res = await http.request('GET', '/api/audit/actions');
    expect(res.statusCode, res.body).toBe(200);
    const listed = (res.json() as { actions: { action: string }[] }).actions.map((a) => a.action);
    expect(listed).toEqual([...declared()].sort());
    expect(listed).toContain('fairness.adverse_impact_pdf');
    expect(listed).toContain('auth.sign_in_failed');
    expect((await new TestClient(t.app).request('GET', '/api/audit/actions')).statusCode).toBe(401);
  });

  it('answers error.audit.unknown_action for a filter by an action nobody records, in the list and the export', async () => {
    const { http, accountId } = await officer();
    for (const url of ['/api/audit/events?action=export', '/api/audit/events?action=client.viewed', '/api/audit/events?action=DROP%20TABLE', '/api/audit/events/export?format=csv&action=export']) {
      const res = await http.request('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errorKey, url).toBe('error.audit.unknown_action');
    }
    expect((await http.request('GET', '/api/audit/events?action=dashboard.view')).statusCode).toBe(200);
    // An action an older version recorded is still found in the account's own trail.
    await t.db.transaction((tx) =>
      appendToChain(tx, accountId, [
        { occurredAt: new Date(), actorKind: 'SYSTEM', actorId: null, action: 'legacy.renamed_view', clientToken: null, resultToken: null, details: {}, outcome: 'ALLOWED', requestId: null, ip: null, userAgent: null },
      ]),
    );
    const old = await http.request('GET', '/api/audit/events?action=legacy.renamed_view');
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json().events.map((e: { action: string }) => e.action)).toEqual(['legacy.renamed_view']);
  });
});
