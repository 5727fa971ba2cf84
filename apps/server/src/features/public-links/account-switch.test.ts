// The account's switch for all its start links (0092 addendum) and the lead's marker: switched off, every link of the
// account answers exactly as an unknown link (page info, start, pending verification link, branding, framing) while
// the links stay; switched on, they work again. The visitor who confirms is a client from the WEBSITE, found by the
// list's filter and by bulk send's "everyone matching".
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox } from '../../db/schema';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { issueFormToken } from './form-token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const visitor = () => new TestClient(t.app, `198.51.101.${++ipCounter}`);

async function admin() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
  const { email, password } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  const made = await http.request('POST', '/api/account/public-links', { productConfigurationId: acc.configs[0]!.id });
  expect(made.statusCode, made.body).toBe(201);
  return { http, accountId: acc.account.id, configId: acc.configs[0]!.id, publicId: made.json().publicId as string };
}

const startBody = (publicId: string, email = uniqueEmail('lead')) => ({
  firstName: 'Lena',
  lastName: 'Lead',
  email,
  locale: 'EN_US',
  privacyAccepted: true,
  website: '',
  formToken: issueFormToken(t.config.dataEncryptionKeys, publicId, Date.now() - 10_000),
});

async function verificationToken(email: string) {
  const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'PUBLIC_START_VERIFICATION')));
  return /\/start\/verify\/([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
}

/** A response without its request id, which differs for every request. */
const seen = (res: { statusCode: number; json: () => unknown }) => {
  const { reqId: _, ...body } = res.json() as Record<string, unknown>;
  return [res.statusCode, body];
};

/** What the public sees of a link: status and body of each door, to compare with an unknown link's. */
async function publicFace(publicId: string) {
  const v = visitor();
  const info = await v.request('GET', `/api/start/${publicId}`);
  const start = await v.request('POST', `/api/start/${publicId}`, startBody(publicId));
  const logo = await v.request('GET', `/api/branding/${publicId}`);
  const page = await t.app.inject({ method: 'GET', url: `/start/${publicId}` });
  return {
    info: seen(info),
    start: seen(start),
    branding: seen(logo),
    frame: page.headers['x-frame-options'],
  };
}

describe("the account's switch for all start links", () => {
  it('switched off, every link answers as an unknown one and nothing about the firm leaks; switched on, they work again', async () => {
    const a = await admin();
    await a.http.request('PUT', `/api/account/public-links/${a.publicId}`, { embedOrigins: ['https://www.firm.example'] });
    expect((await a.http.request('GET', '/api/account/public-link-settings')).json()).toEqual({ enabled: true });
    // A visitor started before the switch: their verification link must stop working too.
    const email = uniqueEmail('pending');
    expect((await visitor().request('POST', `/api/start/${a.publicId}`, startBody(a.publicId, email))).statusCode).toBe(200);
    const token = await verificationToken(email);

    const off = await a.http.request('PUT', '/api/account/public-link-settings', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    const unknown = await publicFace('AAAAAAAAAAAAAAAAAAAAAA');
    const switchedOff = await publicFace(a.publicId);
    expect(switchedOff).toEqual(unknown);
    expect(switchedOff.info[0]).toBe(404);
    expect(JSON.stringify(switchedOff)).not.toContain('Test Advisory');
    expect(switchedOff.frame).toBe('DENY');
    const verify = await visitor().request('POST', '/api/start/verify', { token });
    expect(verify.statusCode).toBe(404);
    expect(verify.json().errorKey).toBe('error.not_found');
    // The links stay, with their own switch and settings.
    expect((await a.http.request('GET', '/api/account/public-links')).json().links).toEqual([
      expect.objectContaining({ publicId: a.publicId, active: true, embedOrigins: ['https://www.firm.example'] }),
    ]);
    const [event] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, a.accountId), eq(auditEvents.action, 'public_link.settings_update')));
    expect(event?.details).toMatchObject({ enabled: false });

    expect((await a.http.request('PUT', '/api/account/public-link-settings', { enabled: true })).json()).toEqual({ enabled: true });
    const on = await publicFace(a.publicId);
    expect(on.info).toEqual([200, expect.objectContaining({ branding: expect.objectContaining({ firmName: 'Test Advisory' }) })]);
    expect(on.frame).toBeUndefined();
    expect((await visitor().request('POST', '/api/start/verify', { token })).statusCode).toBe(200);
  });

  it('is for the account admin only, and refuses a body that is not a switch', async () => {
    const a = await admin();
    const { email, password } = await createUser(t.db, a.accountId, { permissions: [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'READ' }] });
    const adviser = new TestClient(t.app);
    await adviser.login(email, password);
    expect((await adviser.request('PUT', '/api/account/public-link-settings', { enabled: false })).statusCode).toBe(403);
    expect((await adviser.request('GET', '/api/account/public-link-settings')).statusCode).toBe(403);
    const bad = await a.http.request('PUT', '/api/account/public-link-settings', { enabled: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorKey).toBe('error.validation');
    // Another account's switch is its own.
    const other = await admin();
    await other.http.request('PUT', '/api/account/public-link-settings', { enabled: false });
    expect((await visitor().request('GET', `/api/start/${a.publicId}`)).statusCode).toBe(200);
  });
});

describe('the lead from the website', () => {
  it("is a PROSPECT from the WEBSITE, found by the list's filter and by bulk send's everyone matching", async () => {
    const a = await admin();
    const email = uniqueEmail('web');
    await visitor().request('POST', `/api/start/${a.publicId}`, startBody(a.publicId, email));
    expect((await visitor().request('POST', '/api/start/verify', { token: await verificationToken(email) })).statusCode).toBe(200);
    const typed = await a.http.request('POST', '/api/u', { firstName: 'Tom', lastName: 'Typed', email: uniqueEmail('typed'), group: 'PROSPECT', productConfigurationId: a.configId });
    expect(typed.json().source).toBeNull();

    const all = (await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}`)).json();
    expect(all.items.map((c: { email: string; source: string | null; group: string }) => [c.email, c.group, c.source]).sort()).toEqual(
      [[email, 'PROSPECT', 'WEBSITE'], [typed.json().email, 'PROSPECT', null]].sort(),
    );
    const filtered = (await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}&source=WEBSITE`)).json();
    expect(filtered.items.map((c: { email: string }) => c.email)).toEqual([email]);
    expect(filtered.total).toBe(1);
    const lead = filtered.items[0] as { token: string };
    expect((await a.http.request('GET', `/api/client/${lead.token}/product/${a.configId}/profile`)).json()).toMatchObject({ source: 'WEBSITE', group: 'PROSPECT' });
    expect((await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}&source=PHONE`)).statusCode).toBe(400);

    const bulk = await a.http.request('POST', '/api/instance/bulk', { productConfigurationId: a.configId, filter: { source: 'WEBSITE', status: 'ALL' } });
    expect(bulk.statusCode, bulk.body).toBe(202);
    expect(bulk.json().total).toBe(1);
  });
});
