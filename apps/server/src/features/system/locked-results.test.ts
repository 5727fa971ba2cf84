// A locked (unpaid) result gives nothing away (issue 22 point 1, docs/decisions/0029), proven on the route table:
// every GET route the app registers (so routes added later are covered without touching this file), with the real
// ids of an account that has locked results (a risk client, and a team member in a campaign) next to open ones.
// The walk runs twice: the locked results' answers and values are then swapped for another respondent's (another
// risk class, other bands, other T-scores) and every answer (JSON, CSV, XLSX text, PDF text) must be the same as
// before. That catches a value shown as it is, and also anything derived from it (a band, a count per bucket, a
// team mean, min or max). The locked results' distinctive numbers must not appear anywhere either. Finally every
// locked result is unlocked: the aggregates (BI, team result) must then show it, with the response cache on.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { simulateRespondents } from '@bq/scoring/simulate';
import { clientProducts, clients, interactionInstances, repeatedMeasurementInstances, users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { apiRoutes, sample, type ApiRoute } from '../../test/route-table';
import { scoreResult } from '../calculation/score-result';
import { newPublicToken } from '../clients/client-tokens';
import { definitionForProduct } from '../interactions/definitions';

const DAY = 86_400_000;
const collected: RouteOptions[] = [];
let t: TestApp;
let http: TestClient;
let accountId: string;
let userId: string;
const configs: Partial<Record<ProductType, string>> = {};
/** Every locked instance of the account: id, product and when it was filled (its values are swapped per walk). */
const locked: { id: string; token: string; clientToken: string; productType: ProductType; filledAt: Date }[] = [];
let campaignId: string;
const teamIds: string[] = [];

async function addClient(productType: ProductType, firstName: string, lastName: string) {
  const [client] = await t.db
    .insert(clients)
    .values({ accountId, token: newPublicToken(), firstName, lastName, email: `${firstName}.${lastName}@example.com`.toLowerCase() })
    .returning();
  await t.db.insert(clientProducts).values({ clientId: client!.id, productConfigurationId: configs[productType]!, accountId });
  return client!;
}

function scored(productType: ProductType, seed: number, filledAt: Date) {
  const definition = definitionForProduct(productType);
  const answers = simulateRespondents(definition, { count: 1, seed, consistency: 0.8 })[0]!.answers as Record<string, number | string>;
  return { answers, results: scoreResult(definition, answers, new Date(filledAt.getTime() + 5_000)), definitionVersion: definition.version };
}

async function addResult(productType: ProductType, client: { id: string; token: string }, seed: number, lockStatus: 'LOCKED' | 'UNLOCKED', daysAgo: number) {
  const filledAt = new Date(Date.now() - daysAgo * DAY);
  const [row] = await t.db
    .insert(interactionInstances)
    .values({
      accountId,
      token: newPublicToken(),
      clientId: client.id,
      productConfigurationId: configs[productType]!,
      interactionId: PRODUCT_TYPE_INFO[productType].interactionSlug,
      status: 'RESULTS_AVAILABLE',
      lockStatus,
      ...scored(productType, seed, filledAt),
      createdAt: new Date(filledAt.getTime() - DAY),
      filledAt,
      unlockedAt: lockStatus === 'LOCKED' ? null : filledAt,
    })
    .returning();
  if (lockStatus === 'LOCKED') locked.push({ id: row!.id, token: row!.token, clientToken: client.token, productType, filledAt });
  return row!;
}

/** Gives every locked result the answers and results of the respondent of this seed (per product). */
async function setLockedValues(seed: number) {
  for (const l of locked) {
    const { answers, results } = scored(l.productType, seed, l.filledAt);
    await t.db.update(interactionInstances).set({ answers, results }).where(eq(interactionInstances.id, l.id));
  }
}

beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_SECONDS: '30' }, undefined, { onRoute: (r) => void collected.push(r) });
  const acc = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_SELECTION'], credits: 10 });
  accountId = acc.account.id;
  for (const c of acc.configs) configs[c.productType] = c.id;
  // A floor of 3, so a team of three open members and one locked one shows its aggregates.
  await t.db.execute(sql`insert into account_anonymisation (account_id, anonymity_k) values (${accountId}, 3)
    on conflict (account_id) do update set anonymity_k = 3`);
  const user = await createUser(t.db, accountId);
  userId = user.user.id;
  // Verified: GET /api/email/verification/resend would otherwise send a mail on the first walk and refuse the next.
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  http = new TestClient(t.app);
  expect((await http.login(user.email, user.password)).statusCode).toBe(200);

  // Risk: three clients with open results and one with a locked result.
  for (const [i, name] of ['Olga', 'Otto', 'Oskar'].entries()) await addResult('BQ_RISK', await addClient('BQ_RISK', name, 'Open'), 100 + i, 'UNLOCKED', 5 + i);
  await addResult('BQ_RISK', await addClient('BQ_RISK', 'Lena', 'Locked'), 0, 'LOCKED', 2);

  // Selection: a campaign of three open members and a locked one, in two teams.
  const campaign = await http.request('POST', '/api/admin/repeated_measurement', { productConfigurationId: configs.BQ_SELECTION, name: 'Locked walk' });
  expect(campaign.statusCode).toBe(201);
  campaignId = campaign.json().id;
  const members: { id: string; token: string }[] = [];
  for (const [i, name] of ['Paula', 'Peter', 'Pia', 'Luis'].entries()) {
    const client = await addClient('BQ_SELECTION', name, i < 3 ? 'Open' : 'Locked');
    const row = await addResult('BQ_SELECTION', client, 200 + i, i < 3 ? 'UNLOCKED' : 'LOCKED', 3);
    await t.db.insert(repeatedMeasurementInstances).values({ repeatedMeasurementId: campaignId, instanceId: row.id, clientId: client.id, accountId, measurement: 1 });
    members.push(client);
  }
  for (const name of ['Alpha', 'Beta']) {
    const team = await http.request('POST', '/api/admin/teams', { name, repeatedMeasurementId: campaignId, userTokens: members.map((m) => m.token) });
    expect(team.statusCode).toBe(201);
    teamIds.push(team.json().id);
  }
}, 120_000);
afterAll(() => t?.close());

/** The values a route gets, by the name of its param or query field, in one product's context. */
function contextOf(productType: ProductType, route: ApiRoute, key: string): Record<string, unknown> {
  const l = locked.find((x) => x.productType === productType)!;
  const clientPath = /\/(bq_user|client)\/:token/.test(route.url);
  const values: Record<string, unknown> = {
    token: clientPath ? l.clientToken : l.token,
    clientToken: l.clientToken,
    userToken: l.clientToken,
    instanceToken: l.token,
    interactionToken: l.token,
    productConfigurationId: configs[productType],
    configId: configs[productType],
    product: productType,
    type: productType,
    productType,
    interaction: PRODUCT_TYPE_INFO[productType].interactionSlug,
    interactionId: PRODUCT_TYPE_INFO[productType].interactionSlug,
    kind: PRODUCT_TYPE_INFO[productType].dashboardKind === 'BQA' ? 'bqa' : 'bqp',
    path: PRODUCT_TYPE_INFO[productType].dashboardKind === 'BQA' ? 'bqa' : 'bqp',
    key,
    teamId: teamIds,
    repeatedMeasurementId: campaignId,
  };
  if (route.paramNames.includes('id')) {
    if (/\/user\/:id/.test(route.url)) values.id = userId;
    else if (/\/account\/:id/.test(route.url)) values.id = accountId;
    else if (/\/(product|productconfig)\/:id/.test(route.url)) values.id = configs[productType];
    else if (/repeated_measurement\/:id/.test(route.url)) values.id = campaignId;
    else values.id = l.token;
  }
  return values;
}

/** The URLs of a route to read: its params from the context; every value of a required enum query field. */
function urlsOf(route: ApiRoute, values: Record<string, unknown>): string[] {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) => {
    const v = values[n] ?? sample(route.params?.properties?.[n], values, n);
    return encodeURIComponent(String(Array.isArray(v) ? v[0] : v));
  });
  let queries: [string, string][][] = [[]];
  const required = new Set(route.query?.required ?? []);
  for (const [name, schema] of Object.entries(route.query?.properties ?? {})) {
    let options: unknown[];
    if (values[name] !== undefined) options = [values[name]];
    else if (!required.has(name)) continue;
    else options = schema.enum ?? [sample(schema, values, name)];
    queries = queries.flatMap((q) => options.map((o) => [...q, ...(Array.isArray(o) ? o : [o]).map((v) => [name, String(v)] as [string, string])]));
  }
  return queries.map((q) => (q.length ? `${path}?${new URLSearchParams(q).toString()}` : path));
}

/** The text of an answer: JSON and CSV as they are, an XLSX's cells, a PDF's text (poppler). */
async function textOf(res: Awaited<ReturnType<TestClient['request']>>): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
    return cells.join('\n');
  }
  if (type.includes('application/pdf')) {
    const dir = mkdtempSync(join(tmpdir(), 'locked-walk-'));
    try {
      writeFileSync(join(dir, 'a.pdf'), res.rawPayload);
      return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (type.includes('application/zip')) {
    // A client's personal-data copy: its JSON and the text of each PDF in it, file by file.
    const dir = mkdtempSync(join(tmpdir(), 'locked-walk-'));
    try {
      writeFileSync(join(dir, 'a.zip'), res.rawPayload);
      execFileSync('unzip', ['-q', 'a.zip', '-d', 'x'], { cwd: dir });
      const files = execFileSync('find', ['x', '-type', 'f'], { cwd: dir, encoding: 'utf8' }).split('\n').filter(Boolean).sort();
      return files
        .map((f) => `${f}\n${f.endsWith('.pdf') ? execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, f), '-'], { encoding: 'utf8' }) : readFileSync(join(dir, f), 'utf8')}`)
        .join('\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return res.body;
}

/** GET /api/client/{token}/personal-data. */
const OWN_DATA_COPY = /^\/api\/client\/[^/]+\/personal-data$/;

/** Request ids and the server's clock differ from one walk to the next, whatever the data. */
const normalise = (text: string) =>
  text.replace(/"reqId":"[^"]*"/g, '"reqId":""').replace(/"(until|generatedAt)": ?"[^"]*"/g, '"$1":""');

async function walk(headers: Record<string, string> = {}): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  // The audit trail records the walk itself, so its answers differ between walks whatever the data (and hold no values).
  const routes = apiRoutes(collected).filter((r) => r.method === 'GET' && !/^\/api\/(test|bench|audit)\//.test(r.url));
  for (const productType of ['BQ_RISK', 'BQ_SELECTION'] as ProductType[]) {
    const categories = (await http.request('GET', `/api/bi/${productType}/categories`)).json().categories as { key: string }[];
    for (const route of routes) {
      for (const key of route.paramNames.includes('key') ? categories.map((c) => c.key) : ['none']) {
        for (const url of urlsOf(route, contextOf(productType, route, key))) {
          if (answers.has(url)) continue;
          const res = await http.request('GET', url, undefined, headers);
          answers.set(url, `${res.statusCode} ${normalise(await textOf(res))}`);
        }
      }
    }
  }
  return answers;
}

/** Numbers of the locked results with four or more decimals (T-scores, z, percentiles...), and answer fingerprints. */
async function lockedNeedles(): Promise<string[]> {
  const needles = new Set<string>();
  const visit = (v: unknown) => {
    if (typeof v === 'number' && !Number.isInteger(v) && (String(v).split('.')[1]?.length ?? 0) >= 4) needles.add(String(v));
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  for (const l of locked) {
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, l.id));
    visit(row!.results);
    needles.add(row!.results!.answersHash);
  }
  return [...needles];
}

describe('a locked result', () => {
  it('changes no answer of any read route or export, and shows once unlocked', async () => {
    await setLockedValues(1);
    const first = await walk();
    await setLockedValues(2);
    // Computed afresh: a cached answer of the first walk must not hide a difference.
    const second = await walk({ 'cache-control': 'no-cache' });

    expect(first.size).toBeGreaterThan(60);
    const ok = [...second.values()].filter((a) => a.startsWith('200 ')).length;
    expect(ok, 'most routes answer with data').toBeGreaterThan(40);
    // The one exception, by law: a client's copy of their personal data (GDPR Art. 15, ADR 0043) holds their own
    // answers, also those of a locked result; never its scores or report (the needles below cover it like any route).
    const changed = [...second].filter(([url, answer]) => first.get(url) !== answer && !OWN_DATA_COPY.test(url)).map(([url, answer]) => `${url}\n  before: ${first.get(url)?.slice(0, 400)}\n  after:  ${answer.slice(0, 400)}`);
    expect(changed, 'answers that depend on a locked result').toEqual([]);

    const needles = await lockedNeedles();
    expect(needles.length).toBeGreaterThan(10);
    const shown = [...second].flatMap(([url, answer]) => needles.filter((n) => answer.includes(n)).map((n) => `${url}: ${n}`));
    expect(shown, 'values of a locked result').toEqual([]);

    // Counted apart, so the adviser sees why someone is missing.
    const json = (answers: Map<string, string>, pattern: RegExp) => {
      const found = [...answers].find(([url]) => pattern.test(url));
      expect(found?.[1].slice(0, 4), String(pattern)).toBe('200 ');
      return JSON.parse(found![1].slice(4)) as { lockedNotIncluded: number; withResults?: number };
    };
    const RISK_CLASS = /\/api\/bi\/BQ_RISK\/category\/risk_class$/;
    const RISK_CLIENTS = /\/api\/bi\/BQ_RISK\/category\/risk_class\/clients$/;
    const TEAM = /\/api\/teams\/[^/]+\/repeated_measurement\/[^/]+\/result$/;
    expect(json(second, RISK_CLASS).lockedNotIncluded).toBe(1);
    expect(json(second, RISK_CLIENTS).lockedNotIncluded).toBe(1);
    expect(json(second, TEAM)).toMatchObject({ lockedNotIncluded: 1, withResults: 3 });

    // Unlocked, the same results count: the aggregates (some cached during the first walk) show them.
    for (const l of locked) expect((await http.request('POST', '/api/credit/unlock', { interactionToken: l.token })).statusCode).toBe(200);
    const third = await walk();
    const differs = (pattern: RegExp) => [...third].some(([url, answer]) => pattern.test(url) && second.get(url) !== answer);
    expect(differs(/\/api\/bi\/BQ_RISK\/category\/risk_class\/clients/), 'BI client list').toBe(true);
    expect(differs(/\/api\/bi\/BQ_RISK\/category\/risk_class$/), 'BI distribution').toBe(true);
    expect(differs(/\/api\/teams\/[^/]+\/repeated_measurement\/[^/]+\/result/), 'team result').toBe(true);
    expect(differs(/\/api\/teams\/compare\//), 'team comparison').toBe(true);
    expect(differs(/\/api\/product\/BQ_RISK\/export/), 'export').toBe(true);
    expect(json(third, RISK_CLASS).lockedNotIncluded).toBe(0);
    expect(json(third, TEAM)).toMatchObject({ lockedNotIncluded: 0, withResults: 4 });
  }, 300_000);
});
