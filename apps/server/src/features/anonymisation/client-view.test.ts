// A client opened from an anonymised row does not reveal the person (docs/decisions/0021, addendum "Opening an
// anonymised client"): the client view, its dashboard, the reports and PDFs, the certificate, invitations, report
// mails and the interaction list answer with "Client <n>" (the client list's number) or stars and no e-mail, and
// identity fields cannot be changed. Checked per call against the real names and addresses.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '@bq/domain/product-types';
import { simulateRespondents } from '@bq/scoring/simulate';
import { interactionInstances, mailOutbox } from '../../db/schema';
import { createAccount, createUser } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { calculateInstance } from '../calculation/calculate-instance';
import { definitionForProduct } from '../interactions/definitions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PRODUCTS: ProductType[] = ['BQ_RISK', 'BQ_SELECTION'];

async function adviser() {
  const acc = await createAccount(t.db, { products: PRODUCTS, credits: 10 });
  const { email, password } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = (p: ProductType) => acc.configs.find((c) => c.productType === p)!.id;
  return { http, config, account: acc.account };
}
type Adviser = Awaited<ReturnType<typeof adviser>>;

async function newClient(a: Adviser, product: ProductType, firstName: string, lastName: string) {
  const res = await a.http.request('POST', '/api/u', {
    firstName,
    lastName,
    email: `${lastName}.${Math.random().toString(36).slice(2, 8)}@example.com`.toLowerCase(),
    phone: '+49 30 1234567',
    locale: 'EN_US',
    productConfigurationId: a.config(product),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { token: string; email: string };
}

async function sendQuestionnaire(a: Adviser, product: ProductType, clientToken: string) {
  const res = await a.http.request('POST', '/api/instance', { clientToken, productConfigurationId: a.config(product) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token as string;
}

/** The client answers (simulated), the result is calculated and unlocked. */
async function finish(a: Adviser, product: ProductType, token: string) {
  const answers = simulateRespondents(definitionForProduct(product), { count: 1, seed: 7, consistency: 0.8 })[0]!.answers;
  const participant = new TestClient(t.app);
  expect((await participant.request('PUT', `/api/q/${token}/answers`, { answers })).statusCode).toBe(200);
  expect((await participant.request('POST', `/api/q/${token}/submit`)).statusCode).toBe(200);
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, token));
  await calculateInstance(t.db, row!.id);
  expect((await a.http.request('POST', '/api/credit/unlock', { interactionToken: token })).statusCode).toBe(200);
}

async function enable(a: Adviser, on = true) {
  expect((await a.http.request('POST', '/api/admin/user/settings', { anonymizationAllowListEnabled: on })).statusCode).toBe(200);
}

/** Two people of a risk adviser: Jürgen with a finished result ("Client <n>"), Stella with an open questionnaire (stars). */
async function scene() {
  const a = await adviser();
  const jurgen = await newClient(a, 'BQ_RISK', 'Jürgen', 'Geheimrat');
  const result = await sendQuestionnaire(a, 'BQ_RISK', jurgen.token);
  await finish(a, 'BQ_RISK', result);
  const stella = await newClient(a, 'BQ_RISK', 'Stella', 'Sternhagel');
  const open = await sendQuestionnaire(a, 'BQ_RISK', stella.token);
  await enable(a);
  const listed = await a.http.request('GET', `/api/participants?productConfigurationId=${a.config('BQ_RISK')}&status=ALL`);
  const row = (token: string) => listed.json().items.find((c: { token: string }) => c.token === token);
  const number = row(jurgen.token).anonymizedName as string;
  expect(number).toMatch(/^Client \d+$/);
  expect(row(stella.token).anonymizationKind).toBe('STARS');
  return { a, jurgen, stella, result, open, number };
}

// Names (also URL-encoded), the e-mail addresses (they start with the last name) and the phone number.
const LEAK = /Jürgen|J%C3%BCrgen|Geheimrat|Stella|Sternhagel|1234567/i;

describe('opening a client anonymised for the viewer', () => {
  it('the client view shows "Client <n>" (or stars), no e-mail or phone, and its instances', async () => {
    const { a, jurgen, stella, number } = await scene();
    const view = await a.http.request('GET', `/api/client/${jurgen.token}/product/${a.config('BQ_RISK')}/profile`);
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toMatch(LEAK);
    expect(view.json()).toMatchObject({ firstName: '', lastName: '', email: '', phone: null, anonymize: true, anonymizedName: number, anonymizationKind: 'NUMBER' });
    expect(view.json().initials).toBe(number.replace('Client ', 'C'));
    expect(view.json().instances).toHaveLength(1);
    const masked = await a.http.request('GET', `/api/client/${stella.token}/product/${a.config('BQ_RISK')}/profile`);
    expect(masked.body).not.toMatch(LEAK);
    expect(masked.json()).toMatchObject({ firstName: '*****', lastName: '*****', email: '', anonymizationKind: 'STARS' });
  });

  it('the dashboard header, the report contents, the PDF and the report mail name no one', async () => {
    const { a, result, number, jurgen } = await scene();
    const dashboard = await a.http.request('GET', `/api/dashboard/${result}`);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).not.toMatch(LEAK);
    expect(dashboard.json().client).toMatchObject({ anonymize: true, anonymizedName: number, email: '', firstName: '' });
    expect(dashboard.json().dimensions.length).toBeGreaterThan(0);

    for (const url of [`/api/report/content/bqa/${result}`, `/api/report/content/bqa/recommendations/${result}`]) {
      const report = await a.http.request('GET', url);
      expect(report.statusCode, url).toBe(200);
      expect(report.json().anonymized).toBe(true);
      expect(report.body, url).not.toMatch(LEAK);
    }

    const pdf = await a.http.request('GET', `/api/report/download/${result}?interactionType=bqa&locale=EN_US`);
    expect(pdf.statusCode).toBe(200);
    expect(String(pdf.headers['content-disposition'])).not.toMatch(LEAK);
    // The file's uncompressed parts (info dictionary: title and subject name the person in a named report).
    expect(pdf.rawPayload.toString('latin1')).not.toMatch(LEAK);
    expect(pdf.rawPayload.toString('utf16le')).not.toMatch(LEAK);

    const mail = await a.http.request('POST', `/api/instance/${result}/report/email`);
    expect(mail.statusCode).toBe(200);
    expect(mail.json().sentTo).toBe('');
    // The mail itself still goes to the client.
    const queued = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'REPORT'), eq(mailOutbox.toAddress, jurgen.email)));
    expect(queued).toHaveLength(1);
  });

  it('the invitation neither shows the address nor greets by name, and the e-mail still reaches the client', async () => {
    const { a, open, stella } = await scene();
    const invite = await a.http.request('GET', `/api/instance/${open}/invite`);
    expect(invite.statusCode).toBe(200);
    expect(invite.body).not.toMatch(LEAK);
    expect(invite.json().email.to).toBe('');
    expect(invite.json().email.body).toMatch(/^Hello,/);
    expect(invite.json().inviteUrl).toContain(open);
    const sent = await a.http.request('POST', `/api/instance/${open}/invite/email`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sentTo).toBe('');
    const outbox = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, stella.email));
    expect(outbox).toHaveLength(1);
  });

  it('the interaction list shows the same names as the client list', async () => {
    const { a, number } = await scene();
    const res = await a.http.request('GET', '/api/instances?interactionId=risk');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(LEAK);
    const kinds = res.json().map((i: { anonymizationKind: string; anonymizedName: string | null; clientLastName: string }) => [i.anonymizationKind, i.anonymizedName ?? i.clientLastName]);
    expect(kinds).toEqual(expect.arrayContaining([['NUMBER', number], ['STARS', '*****']]));
  });

  it('refuses to change name, e-mail or phone (403), allows group and language, and answers masked', async () => {
    const { a, jurgen } = await scene();
    const productConfigurationId = a.config('BQ_RISK');
    for (const change of [{ firstName: 'New' }, { email: 'new@example.com' }, { phone: '+49 30 7654321' }]) {
      const res = await a.http.request('PATCH', '/api/admin/bq_user', { token: jurgen.token, productConfigurationId, ...change });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorKey).toBe('error.anonymisation.identity_hidden');
    }
    const group = await a.http.request('PATCH', '/api/admin/bq_user', { token: jurgen.token, productConfigurationId, group: 'ESTABLISHED' });
    expect(group.statusCode).toBe(200);
    expect(group.body).not.toMatch(LEAK);
    expect(group.json()).toMatchObject({ group: 'ESTABLISHED', anonymize: true });
    const deactivated = await a.http.request('POST', `/api/admin/bq_user/${jurgen.token}/deactivate`, { productType: 'BQ_RISK' });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.body).not.toMatch(LEAK);
  });

  it('shows the person again once they are on the list, or the list is off', async () => {
    const { a, jurgen, result } = await scene();
    await a.http.request('POST', `/api/productconfig/${a.config('BQ_RISK')}/user/anonymization_allow_list`, { userToken: jurgen.token });
    const named = await a.http.request('GET', `/api/dashboard/${result}`);
    expect(named.json().client).toMatchObject({ firstName: 'Jürgen', lastName: 'Geheimrat', anonymize: false });
    expect((await a.http.request('GET', `/api/report/content/bqa/${result}`)).json().anonymized).toBe(false);
    const pdf = await a.http.request('GET', `/api/report/download/${result}?interactionType=bqa&locale=EN_US`);
    expect(String(pdf.headers['content-disposition'])).toMatch(/Geheimrat/);
    await enable(a, false);
    const view = await a.http.request('GET', `/api/client/${jurgen.token}/product/${a.config('BQ_RISK')}/profile`);
    expect(view.json()).toMatchObject({ firstName: 'Jürgen', email: jurgen.email, anonymizationKind: 'NAME' });
  });

  it('keeps the public report link (no session) the participant\'s own, by name', async () => {
    const { result } = await scene();
    const report = await new TestClient(t.app).request('GET', `/api/report/content/bqa/${result}`);
    expect(report.statusCode).toBe(200);
    expect(report.json().anonymized).toBe(false);
    expect(report.body).toMatch(/Geheimrat/);
  });
});

describe('the certificate of an anonymised holder', () => {
  it('reads "Client <n>" for the signed-in evaluator, in the content and its file name', async () => {
    const a = await adviser();
    const holder = await newClient(a, 'BQ_SELECTION', 'Jürgen', 'Geheimrat');
    const token = await sendQuestionnaire(a, 'BQ_SELECTION', holder.token);
    await finish(a, 'BQ_SELECTION', token);
    await enable(a);
    const res = await a.http.request('GET', `/api/report/content/bqp/certificate/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(LEAK);
    expect(res.json().holder.lastName).toMatch(/^Client \d+$/);
    const report = await a.http.request('GET', `/api/report/content/bqp/${token}`);
    expect(report.json().anonymized).toBe(true);
    expect(report.body).not.toMatch(LEAK);
  });
});
