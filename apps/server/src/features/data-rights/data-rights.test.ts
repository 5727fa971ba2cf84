// A client's rights through the HTTP API, on PGlite and PostgreSQL: the personal-data ZIP (unzipped, its JSON read,
// its PDFs' text extracted), the permission and security-code refusals, and the erasure checked as an auditor would:
// every text and jsonb column of every table scanned for the name and the e-mail, old tokens opening nothing, the
// audit chain verifying, and the BI counts of the kept advisory result unchanged.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '@bq/domain/product-types';
import { accountRetention, auditEvents, biCounts, clients, interactionInstances, mailOutbox, participantAccessLog } from '../../db/schema';
import { sweepAccount } from '../retention/retention-sweep';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { answerCalculateUnlock } from '../../test/finished-result';

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'bq-data-rights-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Names no other test's client has, so a scan that finds them found this client. */
const unique = () => Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6);

async function adviser(permissions?: { realm: string; entity: string; action: string }[]) {
  const acc = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_SELECTION'], credits: 10 });
  const { email, password } = await createUser(t.db, acc.account.id, { permissions });
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = (type: ProductType) => acc.configs.find((c) => c.productType === type)!.id;
  return { http, account: acc.account, config, acc };
}

/** A client with an invited, finished and unlocked risk result and a finished selection result. */
async function clientWithResults(ctx: Awaited<ReturnType<typeof adviser>>) {
  const firstName = `Wilhelmina${unique()}`;
  const lastName = `Quastenberg${unique()}`;
  const phone = `+49 89 ${1000000 + Math.floor(Math.random() * 8999999)}`;
  const email = `${firstName}.${lastName}@example.com`.toLowerCase();
  const client = (await ctx.http.request('POST', '/api/u', { firstName, lastName, email, phone, locale: 'DE_DE', productConfigurationId: ctx.config('BQ_RISK') })).json();
  const tokens: Record<string, string> = {};
  for (const [i, product] of (['BQ_RISK', 'BQ_SELECTION'] as const).entries()) {
    if (product === 'BQ_SELECTION') {
      // The same client in a second product (as the client list's "add to product" does).
      await t.db.execute(sql`insert into client_products (client_id, product_configuration_id, account_id) select id, ${ctx.config(product)}, account_id from clients where token = ${client.token}`);
    }
    const instance = (await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.config(product) })).json();
    expect((await ctx.http.request('POST', `/api/instance/${instance.token}/invite/email`, {})).statusCode).toBe(200);
    await answerCalculateUnlock(t, ctx.http, instance.token, product, 3 + i);
    tokens[product] = instance.token;
  }
  return { client, email, tokens, firstName, lastName, phone };
}

async function download(http: TestClient, token: string) {
  const res = await http.request('GET', `/api/client/${token}/personal-data`);
  return res;
}

describe('GET /api/client/{token}/personal-data', () => {
  it('gives a ZIP with the JSON of everything held and one PDF report per open result, and records the download', async () => {
    const ctx = await adviser();
    const { client, email, firstName, lastName, phone, tokens } = await clientWithResults(ctx);
    // What else the account holds about them (issue 36 point 13): the bank's client number, a decision and its reason,
    // the weight profile their fit is measured against.
    const externalId = `CRM-${unique()}`;
    await t.db.update(clients).set({ externalId }).where(eq(clients.token, client.token));
    const reason = 'Strong analytical profile; invited to the second round.';
    expect((await ctx.http.request('POST', `/api/instance/${tokens.BQ_SELECTION}/decision`, { decision: 'advance', reason })).statusCode).toBe(201);
    await t.db.execute(sql`with p as (insert into weight_profiles (account_id, product_type, name, weights) values (${ctx.account.id}, 'BQ_SELECTION', 'Sales lead', '[]'::jsonb) returning id)
      insert into client_weight_profiles (client_id, product_type, profile_id, account_id) select c.id, 'BQ_SELECTION', p.id, c.account_id from clients c, p where c.token = ${client.token}`);
    expect((await ctx.http.request('GET', `/api/client/${client.token}/product/${ctx.config('BQ_RISK')}/profile`)).statusCode).toBe(200);
    await t.app.audit.flush();
    const res = await download(ctx.http, client.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="personal-data-\d{4}-\d\d-\d\d\.zip"/);
    const out = mkdtempSync(join(dir, 'zip-'));
    writeFileSync(join(out, 'copy.zip'), res.rawPayload);
    execFileSync('unzip', ['-q', 'copy.zip', '-d', 'x'], { cwd: out });
    const json = JSON.parse(readFileSync(join(out, 'x', 'personal-data.json'), 'utf8'));
    expect(json.client).toMatchObject({ firstName, lastName, email, phone, externalId });
    const selection = json.results.find((r: { productType: string }) => r.productType === 'BQ_SELECTION');
    expect(selection.decisions).toEqual([{ decision: 'advance', reason, by: expect.any(String), at: expect.any(String) }]);
    expect(json.weightProfiles).toEqual([expect.objectContaining({ productType: 'BQ_SELECTION', name: 'Sales lead' })]);
    expect(json.teams).toEqual([]);
    // Who looked at their data (the profile just now among it), and their own calls' addresses while they are kept.
    expect(json.accessHistory).toContainEqual({ action: 'client.view', at: expect.any(String), actor: 'USER', outcome: 'ALLOWED' });
    expect(json.ownAccessLog.length).toBeGreaterThan(0);
    expect(json.ownAccessLog[0]).toMatchObject({ ip: expect.any(String), browser: expect.any(String) });
    expect(json.products.map((p: { productType: string }) => p.productType).sort()).toEqual(['BQ_RISK', 'BQ_SELECTION']);
    expect(json.results).toHaveLength(2);
    for (const r of json.results) {
      expect(Object.keys(r.answers).length).toBeGreaterThan(0);
      expect(r.results?.answersHash).toBeTruthy();
      expect(r.reportFile).toMatch(/^reports\/.+\.pdf$/);
    }
    expect(json.mails.filter((m: { kind: string; to: string }) => m.kind === 'INVITATION' && m.to === email)).toHaveLength(2);
    const pdfs = readdirSync(join(out, 'x', 'reports'));
    expect(pdfs).toHaveLength(2);
    for (const pdf of pdfs) {
      const text = execFileSync('pdftotext', [join(out, 'x', 'reports', pdf), '-'], { encoding: 'utf8' });
      expect(text).toContain(lastName);
    }
    await t.app.audit.flush();
    const events = await t.db.execute<{ n: number | string }>(sql`select count(*) as n from audit_events where account_id = ${ctx.account.id} and action = 'client.personal_data' and client_token = ${client.token} and outcome = 'ALLOWED'`);
    expect(Number((events as unknown as { rows: { n: number | string }[] }).rows[0]!.n)).toBe(1);
  }, 120_000);

  it('refuses a caller without BQ_USER/READ (403) and answers another account\'s client as missing (404)', async () => {
    const owner = await adviser();
    const { client } = await clientWithResults(owner);
    const noRead = await adviser([{ realm: 'ALL', entity: 'INDIVIDUAL_RESULTS', action: 'READ' }]);
    expect((await download(noRead.http, client.token)).statusCode).toBe(403);
    const other = await adviser();
    const res = await download(other.http, client.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorKey).toBe('error.not_found');
  }, 120_000);
});

/** Every text, varchar and jsonb column of every table (all schemas but the catalog), and the rows that hold a needle. */
async function scanDatabase(needles: string[]): Promise<string[]> {
  const columns = (await t.db.execute<{ table_schema: string; table_name: string; column_name: string; data_type: string }>(
    sql`select c.table_schema, c.table_name, c.column_name, c.data_type from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
        where c.table_schema not in ('pg_catalog', 'information_schema') and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
  )) as unknown as { rows: { table_schema: string; table_name: string; column_name: string; data_type: string }[] };
  expect(columns.rows.length).toBeGreaterThan(40);
  const tables = new Set(columns.rows.map((c) => c.table_name));
  expect(tables).toContain('mail_outbox');
  expect(tables).toContain('audit_events');
  const found: string[] = [];
  for (const c of columns.rows) {
    for (const needle of needles) {
      const hit = (await t.db.execute(
        sql`select 1 from ${sql.identifier(c.table_schema)}.${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)}::text ilike ${`%${needle}%`} limit 1`,
      )) as unknown as { rows: unknown[] };
      if (hit.rows.length) found.push(`${c.table_schema}.${c.table_name}.${c.column_name} holds ${needle}`);
    }
  }
  return found;
}

describe('POST /api/client/{token}/erase', () => {
  it('refuses a wrong security code (400) and changes nothing', async () => {
    const ctx = await adviser();
    const { client, email, lastName } = await clientWithResults(ctx);
    const preview = (await ctx.http.request('GET', `/api/client/${client.token}/erasure`)).json();
    const wrong = preview.securityCode === '1234' ? '4321' : '1234';
    const res = await ctx.http.request('POST', `/api/client/${client.token}/erase`, { securityCode: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.data_rights.security_code_mismatch');
    const [row] = await t.db.select().from(clients).where(eq(clients.token, client.token));
    expect(row).toMatchObject({ lastName, email, erasedAt: null });
    expect(await t.db.select().from(interactionInstances).where(eq(interactionInstances.clientId, row!.id))).toHaveLength(2);
    expect((await ctx.http.request('POST', `/api/client/${client.token}/erase`, { securityCode: 'abcd' })).json().errorKey).toBe('error.validation');
  }, 120_000);

  it('refuses a caller with BQ_USER/READ but not DELETE (403), and another account\'s client is missing (404)', async () => {
    const owner = await adviser();
    const { client } = await clientWithResults(owner);
    const reader = await adviser([
      { realm: 'ALL', entity: 'BQ_USER', action: 'READ' },
      { realm: 'ALL', entity: 'BQ_USER', action: 'UPDATE' },
    ]);
    expect((await reader.http.request('GET', `/api/client/${client.token}/erasure`)).statusCode).toBe(403);
    expect((await reader.http.request('POST', `/api/client/${client.token}/erase`, { securityCode: '1234' })).statusCode).toBe(403);
    expect((await owner.http.request('GET', `/api/client/${client.token}/erasure`)).statusCode).toBe(200);
    const other = await adviser();
    expect((await other.http.request('POST', `/api/client/${client.token}/erase`, { securityCode: '1234' })).statusCode).toBe(404);
  }, 120_000);

  it('erases the identity and every opening token, keeps the advisory result pseudonymised, and leaves no trace of the name or e-mail', async () => {
    const ctx = await adviser();
    const { client, email, tokens, firstName, lastName, phone } = await clientWithResults(ctx);
    // The adviser downloads the copy first: a read the trail records (by token, never by name).
    expect((await download(ctx.http, client.token)).statusCode).toBe(200);
    const biBefore = await t.db.select().from(biCounts).where(eq(biCounts.productConfigurationId, ctx.config('BQ_RISK')));
    expect(biBefore.reduce((n, r) => n + r.n, 0)).toBeGreaterThan(0);

    // The client's own calls (answering, the report) left their address and browser in the participant access log, and
    // none in the 7-year trail (issue 36 point 13).
    await t.app.audit.flush();
    const accessRows = async () => (await t.db.select().from(participantAccessLog).where(inArray(participantAccessLog.resultToken, Object.values(tokens)))).length;
    expect(await accessRows()).toBeGreaterThan(0);
    const participantEvents = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, ctx.account.id), eq(auditEvents.actorKind, 'PARTICIPANT')));
    expect(participantEvents.length).toBeGreaterThan(0);
    expect(participantEvents.filter((e) => e.ip !== null || e.userAgent !== null)).toEqual([]);

    // The account keeps advisory records 7 years (Settings > Retention): the kept result's period says so.
    await t.db.insert(accountRetention).values({ accountId: ctx.account.id, advisoryYears: 7, selectionMonths: 6 });
    const preview = (await ctx.http.request('GET', `/api/client/${client.token}/erasure`)).json();
    expect(preview.erasedAt).toBeNull();
    expect(preview.securityCode).toMatch(/^\d{4}$/);
    const res = await ctx.http.request('POST', `/api/client/${client.token}/erase`, { securityCode: preview.securityCode });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const byProduct = Object.fromEntries(body.results.map((r: { productType: string }) => [r.productType, r]));
    expect(byProduct.BQ_RISK).toMatchObject({ kept: true, retentionDuty: 'MIFID_II_RECORD_KEEPING' });
    expect(byProduct.BQ_RISK.keepUntil).toBe(`${new Date().getUTCFullYear() + 7}${new Date().toISOString().slice(4, 10)}`);
    expect(byProduct.BQ_SELECTION).toMatchObject({ kept: false, retentionDuty: null, keepUntil: null });
    expect(body.removed).toMatchObject({ results: 1, mails: 2, accessLogRows: expect.any(Number) });
    expect(body.removed.accessLogRows).toBeGreaterThan(0);
    expect(await accessRows()).toBe(0);

    // A dump of the whole database holds neither the name nor the e-mail.
    expect(await scanDatabase([firstName, lastName, email, phone.slice(-7)])).toEqual([]);

    // Tokens open nothing any more: questionnaire, report, PDF.
    const visitor = new TestClient(t.app);
    for (const token of Object.values(tokens)) {
      expect([404, 410]).toContain((await visitor.request('GET', `/api/q/${token}`)).statusCode);
      expect([404, 410]).toContain((await visitor.request('GET', `/api/report/download/${token}?interactionType=bqa`)).statusCode);
      expect([404, 410]).toContain((await ctx.http.request('GET', `/api/report/download/${token}?interactionType=bqp`)).statusCode);
    }
    // The kept result is still there, with its answers and scores, under a token nobody was given.
    const [row] = await t.db.select().from(clients).where(eq(clients.token, client.token));
    expect(row!.erasedAt).not.toBeNull();
    const kept = await t.db.select().from(interactionInstances).where(eq(interactionInstances.clientId, row!.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.results?.answersHash).toBeTruthy();
    expect(Object.values(tokens)).not.toContain(kept[0]!.token);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, ctx.account.id));
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.toAddress === 'erased' && m.textBody === '' && m.htmlBody === '')).toBe(true);

    // BI still counts the kept result; the audit chain still verifies and records the erasure.
    const biAfter = await t.db.select().from(biCounts).where(eq(biCounts.productConfigurationId, ctx.config('BQ_RISK')));
    expect(biAfter).toEqual(biBefore);
    await t.app.audit.flush();
    const verify = await ctx.http.request('GET', '/api/audit/verify');
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ ok: true, firstBroken: null });
    const events = (await t.db.execute(sql`select details from audit_events where account_id = ${ctx.account.id} and action = 'client.erase'`)) as unknown as { rows: { details: unknown }[] };
    expect(events.rows).toHaveLength(1);

    // A second erasure is refused; the copy now holds only the pseudonym.
    const again = (await ctx.http.request('GET', `/api/client/${client.token}/erasure`)).json();
    expect(again.erasedAt).not.toBeNull();
    expect((await ctx.http.request('POST', `/api/client/${client.token}/erase`, { securityCode: again.securityCode })).statusCode).toBe(409);
    // Nobody gives the pseudonym a name again; the profile says it was erased.
    const rename = await ctx.http.request('PATCH', '/api/admin/bq_user', { token: client.token, productConfigurationId: ctx.config('BQ_RISK'), lastName });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().errorKey).toBe('error.data_rights.already_erased');
    const profile = (await ctx.http.request('GET', `/api/client/${client.token}/product/${ctx.config('BQ_RISK')}/profile`)).json();
    expect(profile).toMatchObject({ firstName: 'Client', lastName: 'Erased', phone: null });
    expect(profile.erasedAt).toBeTruthy();

    // The erasure ended the relationship: the retention job keeps the record for the 7 years, then deletes it.
    const years = (n: number) => new Date(Date.now() + n * 365.25 * 86_400_000);
    await sweepAccount(t.db, ctx.account.id, years(6.9));
    expect(await t.db.select().from(interactionInstances).where(eq(interactionInstances.clientId, row!.id))).toHaveLength(1);
    await sweepAccount(t.db, ctx.account.id, years(7.1));
    expect(await t.db.select().from(interactionInstances).where(eq(interactionInstances.clientId, row!.id))).toHaveLength(0);
  }, 180_000);
});
