// The notice before a selection, performance or self-assessment questionnaire (issue 25 point 5,
// docs/decisions/0053): the questionnaire carries it with the account's retention period, contact and own text;
// the account admin sets those (validated), others may not; advisory questionnaires carry none.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '@bq/domain/product-types';
import { accountRetention, auditEvents } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PRODUCTS: ProductType[] = ['BQ_SELECTION', 'BQ_PERFORMANCE', 'BQ_PERFORMANCE_SELF_ASSESSMENT', 'BQ_RISK'];
let ip = 0;

async function account() {
  const acc = await createAccount(t.db, { products: PRODUCTS, credits: 10 });
  const signIn = async (permissions?: { realm: string; entity: string; action: string }[]) => {
    const { email, password } = await createUser(t.db, acc.account.id, { permissions });
    const http = new TestClient(t.app, `10.88.${Math.floor(++ip / 250)}.${ip % 250}`);
    expect((await http.login(email, password)).statusCode).toBe(200);
    return http;
  };
  return { accountId: acc.account.id, admin: await signIn(), signIn, config: (p: ProductType) => acc.configs.find((c) => c.productType === p)!.id };
}
type Ctx = Awaited<ReturnType<typeof account>>;

async function questionnaireOf(ctx: Ctx, product: ProductType) {
  const client = (await ctx.admin.request('POST', '/api/u', { firstName: 'Lea', lastName: 'Kern', email: `lea.${Math.random()}@example.com`, productConfigurationId: ctx.config(product) })).json();
  const instance = (await ctx.admin.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.config(product) })).json();
  const res = await new TestClient(t.app).request('GET', `/api/q?token=${instance.token}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the notice in the questionnaire', () => {
  it('is carried for selection, performance and self-assessment with the retention period, and not for advisory products', async () => {
    const ctx = await account();
    await t.db.insert(accountRetention).values({ accountId: ctx.accountId, advisoryYears: 5, selectionMonths: 9 });
    expect((await questionnaireOf(ctx, 'BQ_SELECTION')).assessmentNotice).toEqual({ kind: 'SELECTION', retentionMonths: 9, contact: null, accountText: null });
    expect((await questionnaireOf(ctx, 'BQ_PERFORMANCE')).assessmentNotice.kind).toBe('PERFORMANCE');
    expect((await questionnaireOf(ctx, 'BQ_PERFORMANCE_SELF_ASSESSMENT')).assessmentNotice.kind).toBe('SELF_ASSESSMENT');
    expect((await questionnaireOf(ctx, 'BQ_RISK')).assessmentNotice).toBeNull();
  });

  it("carries the account's own contact and text once the admin saved them, and records the change", async () => {
    const ctx = await account();
    expect((await ctx.admin.request('GET', '/api/account/assessment-notice')).json()).toEqual({ contact: null, text: null, updatedAt: null });
    const saved = await ctx.admin.request('PUT', '/api/account/assessment-notice', { contact: ' HR team, hr@example.com ', text: 'We use the results only for this vacancy.' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ contact: 'HR team, hr@example.com', text: 'We use the results only for this vacancy.', updatedAt: expect.any(String) });
    expect((await questionnaireOf(ctx, 'BQ_SELECTION')).assessmentNotice).toEqual({
      kind: 'SELECTION',
      retentionMonths: 6,
      contact: 'HR team, hr@example.com',
      accountText: 'We use the results only for this vacancy.',
    });
    const [event] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, ctx.accountId), eq(auditEvents.action, 'account.assessment_notice_update')));
    expect(event?.details).toMatchObject({ changed: [{ field: 'contact', old: '', new: 'HR team, hr@example.com' }, { field: 'text' }] });
    // Blank removes a text.
    expect((await ctx.admin.request('PUT', '/api/account/assessment-notice', { contact: '  ', text: null })).json()).toMatchObject({ contact: null, text: null });
    expect((await questionnaireOf(ctx, 'BQ_SELECTION')).assessmentNotice).toMatchObject({ contact: null, accountText: null });
  });

  it.each([
    ['a text over 2000 characters', { contact: null, text: 'x'.repeat(2001) }, 'text', 'error.validation.too_long'],
    ['a contact over 200 characters', { contact: 'x'.repeat(201), text: null }, 'contact', 'error.validation.too_long'],
    ['a control character', { contact: 'HR\u0007', text: null }, 'contact', 'error.validation.invalid_format'],
    ['an unknown field', { contact: null, text: null, html: '<b>' }, '', 'error.validation.unknown_field'],
    ['a missing field', { contact: null }, 'text', 'error.validation.required'],
  ])('refuses %s (400 error.validation)', async (_, body, field, fieldKey) => {
    const ctx = await account();
    const res = await ctx.admin.request('PUT', '/api/account/assessment-notice', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
    expect(res.json().fields).toEqual(expect.arrayContaining([expect.objectContaining({ errorKey: fieldKey, ...(field ? { path: `body.${field}` } : {}) })]));
    expect((await ctx.admin.request('GET', '/api/account/assessment-notice')).json().updatedAt).toBeNull();
  });

  it('is for account admins only (403 for an evaluator)', async () => {
    const ctx = await account();
    const evaluator = await ctx.signIn([{ realm: 'BQ_SELECTION', entity: 'ALL', action: 'ALL' }]);
    expect((await evaluator.request('GET', '/api/account/assessment-notice')).statusCode).toBe(403);
    const res = await evaluator.request('PUT', '/api/account/assessment-notice', { contact: 'x', text: null });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.auth.forbidden');
  });

  it('documents both calls, the questionnaire field and "Why this score" in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const put = doc.paths['/api/account/assessment-notice'].put;
    expect(put.operationId).toBe('updateAssessmentNotice');
    expect(put.requestBody.content['application/json'].schema).toBeDefined();
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(JSON.stringify(put.responses['400'])).toContain('error.validation');
    expect(doc.paths['/api/account/assessment-notice'].get.operationId).toBe('getAssessmentNotice');
    expect(JSON.stringify(doc.components.schemas.Questionnaire)).toContain('assessmentNotice');
    const explanation = doc.paths['/api/dashboard/{token}/explanation'].get;
    expect(explanation.operationId).toBe('getResultExplanation');
    expect(Object.keys(explanation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '403', '404', '409']));
    expect(JSON.stringify(explanation.responses['402'])).toContain('error.result.locked');
  });
});
