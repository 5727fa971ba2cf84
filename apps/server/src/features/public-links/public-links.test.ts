// Public start links end to end (issue 38 point 5, docs/decisions/0092): an admin makes, lists, switches off and embeds
// a link; a visitor reads the start info, sends name and address, gets a verification mail, confirms and lands in a
// LOCKED questionnaire as a new client marked as a lead while the adviser is mailed. Bots (too fast, honeypot), unknown
// and switched-off links, bad addresses and too many starts from one address are refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProducts, clients, interactionInstances, mailOutbox, publicLinkStarts, publicLinks } from '../../db/schema';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { issueFormToken } from './form-token';
import { purgeExpiredPublicStarts } from './start-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
/** A visitor from an address of their own, so the per-address limit of one test does not meet another's. */
const visitor = () => new TestClient(t.app, `198.51.100.${++ipCounter}`);

async function admin() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
  const { email, password, user } = await createUser(t.db, acc.account.id, { firstName: 'Ada', lastName: 'Adviser' });
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, user, email, account: acc.account, configId: acc.configs[0]!.id };
}
type Admin = Awaited<ReturnType<typeof admin>>;

async function link(a: Admin) {
  const res = await a.http.request('POST', '/api/account/public-links', { productConfigurationId: a.configId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { publicId: string; url: string; active: boolean; embedOrigins: string[] };
}

/** A form token as the start info hands it out, dated `secondsAgo` back (the time a person took to fill the form). */
const formToken = (publicId: string, secondsAgo = 10) => issueFormToken(t.config.dataEncryptionKeys, publicId, Date.now() - secondsAgo * 1000);

const startBody = (publicId: string, more: Record<string, unknown> = {}) => ({
  firstName: 'Vera',
  lastName: 'Visitor',
  email: uniqueEmail('visitor'),
  locale: 'DE_DE',
  privacyAccepted: true,
  website: '',
  formToken: formToken(publicId),
  ...more,
});

const verificationToken = (text: string) => /\/start\/verify\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('public start links: the admin side', () => {
  it('creates, lists, switches off and deletes a link; another account sees none of it', async () => {
    const a = await admin();
    const made = await link(a);
    expect(made.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.url).toBe(`${t.config.publicUrl}/start/${made.publicId}`);
    const list = await a.http.request('GET', '/api/account/public-links');
    expect(list.json().links).toEqual([expect.objectContaining({ publicId: made.publicId, active: true, productType: 'BQ_RISK', leads: 0 })]);
    const off = await a.http.request('PUT', `/api/account/public-links/${made.publicId}`, { active: false });
    expect(off.json()).toMatchObject({ active: false });

    const other = await admin();
    expect((await other.http.request('GET', '/api/account/public-links')).json().links).toEqual([]);
    expect((await other.http.request('PUT', `/api/account/public-links/${made.publicId}`, { active: true })).statusCode).toBe(404);
    expect((await other.http.request('DELETE', `/api/account/public-links/${made.publicId}`)).statusCode).toBe(404);
    expect((await other.http.request('POST', '/api/account/public-links', { productConfigurationId: a.configId })).statusCode).toBe(404);

    expect((await a.http.request('DELETE', `/api/account/public-links/${made.publicId}`)).statusCode).toBe(200);
    expect((await a.http.request('GET', '/api/account/public-links')).json().links).toEqual([]);
  });

  it("refuses a link to a self-service account whose user has not verified their address, as a send", async () => {
    const acc = await createAccount(t.db, { type: 'SELF_SERVICE', products: ['BQ_RISK'] });
    const { email, password } = await createUser(t.db, acc.account.id);
    const http = new TestClient(t.app);
    await http.login(email, password);
    const res = await http.request('POST', '/api/account/public-links', { productConfigurationId: acc.configs[0]!.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.email_verification.required');
  });

  it.each(['http://www.example.com', 'https://www.example.com/path', 'javascript:alert(1)', '*', 'https://user:pw@example.com'])('refuses %s as an embedding origin', async (origin) => {
    const a = await admin();
    const made = await link(a);
    const res = await a.http.request('PUT', `/api/account/public-links/${made.publicId}`, { embedOrigins: [origin] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('error.public_link.origin_invalid');
  });

  it("answers the start page's frame-ancestors with the link's origins, and 'none' for every other page", async () => {
    const a = await admin();
    const made = await link(a);
    await a.http.request('PUT', `/api/account/public-links/${made.publicId}`, { embedOrigins: ['https://www.firm.example', 'https://blog.firm.example/'] });
    const framed = await t.app.inject({ method: 'GET', url: `/start/${made.publicId}` });
    expect(framed.headers['content-security-policy']).toMatch(/frame-ancestors https:\/\/www\.firm\.example https:\/\/blog\.firm\.example(;|$)/);
    expect(framed.headers['x-frame-options']).toBeUndefined();

    const bare = await link(a);
    for (const url of [`/start/${bare.publicId}`, '/start/AAAAAAAAAAAAAAAAAAAAAA', '/', '/q/some-token']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    await a.http.request('PUT', `/api/account/public-links/${made.publicId}`, { active: false });
    expect((await t.app.inject({ method: 'GET', url: `/start/${made.publicId}` })).headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });
});

describe('public start links: the visitor', () => {
  it('starts, confirms the address and answers as a new lead with a LOCKED result; the adviser is mailed', async () => {
    const a = await admin();
    const made = await link(a);
    const v = visitor();
    const info = await v.request('GET', `/api/start/${made.publicId}?locale=DE_DE`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ productType: 'BQ_RISK', branding: { firmName: 'Test Advisory' } });
    expect(info.json().formToken).toMatch(/^\d+\./);
    expect((await v.request('GET', `/api/branding/${made.publicId}`)).json()).toMatchObject({ logoUrl: null });

    const body = startBody(made.publicId);
    const started = await v.request('POST', `/api/start/${made.publicId}`, body);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().sentTo).toBe(body.email);
    expect(await t.db.select().from(clients).where(eq(clients.email, body.email))).toEqual([]);
    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, body.email), eq(mailOutbox.kind, 'PUBLIC_START_VERIFICATION')));
    expect(mail?.subject).toContain('Test Advisory');
    const token = verificationToken(mail!.textBody);
    expect(token).toBeTruthy();

    const verified = await v.request('POST', '/api/start/verify', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    const instanceToken = verified.json().instanceToken as string;
    const [client] = await t.db.select().from(clients).where(eq(clients.email, body.email));
    expect(client).toMatchObject({ firstName: 'Vera', lastName: 'Visitor', clientGroup: 'PROSPECT', locale: 'DE_DE', createdBy: a.user.id });
    const [instance] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instanceToken));
    expect(instance).toMatchObject({ clientId: client!.id, productConfigurationId: a.configId, lockStatus: 'LOCKED', status: 'NEW' });
    const adviserMails = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, a.email), eq(mailOutbox.kind, 'PUBLIC_LEAD')));
    expect(adviserMails).toHaveLength(1);
    expect(adviserMails[0]!.textBody).toContain(`/client/${client!.token}`);
    // The pending start keeps nothing of the person once they are a client.
    const [start] = await t.db.select().from(publicLinkStarts).where(eq(publicLinkStarts.clientId, client!.id));
    expect(start).toMatchObject({ email: '', firstName: '', lastName: '' });

    // The questionnaire opens without a session; a second click leads to the same one.
    expect((await v.request('GET', `/api/q?token=${instanceToken}`)).statusCode).toBe(200);
    expect((await v.request('POST', '/api/start/verify', { token })).json()).toEqual({ instanceToken });
    expect((await a.http.request('GET', '/api/account/public-links')).json().links[0].leads).toBe(1);
  });

  it('gives a client the firm knows already a questionnaire, keeping their group; one deactivated in the product none', async () => {
    const a = await admin();
    const made = await link(a);
    const email = uniqueEmail('known');
    const known = await a.http.request('POST', '/api/u', { firstName: 'Kai', lastName: 'Known', email, group: 'ESTABLISHED', productConfigurationId: a.configId });
    expect(known.statusCode, known.body).toBe(201);
    const confirm = async () => {
      const v = visitor();
      expect((await v.request('POST', `/api/start/${made.publicId}`, startBody(made.publicId, { email }))).statusCode).toBe(200);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      return v.request('POST', '/api/start/verify', { token: verificationToken(mails.at(-1)!.textBody) });
    };
    const verified = await confirm();
    expect(verified.statusCode, verified.body).toBe(200);
    const [instance] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, verified.json().instanceToken));
    const [client] = await t.db.select().from(clients).where(eq(clients.email, email));
    expect(client).toMatchObject({ token: known.json().token, clientGroup: 'ESTABLISHED', firstName: 'Kai' });
    expect(instance?.clientId).toBe(client!.id);

    await t.db.update(clientProducts).set({ active: false }).where(eq(clientProducts.clientId, client!.id));
    const refused = await confirm();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorKey).toBe('error.public_link.unavailable');
  });

  it('refuses a bot that sends the form within a second, and one that fills the hidden field, with the same errorKey', async () => {
    const a = await admin();
    const made = await link(a);
    const v = visitor();
    const info = await v.request('GET', `/api/start/${made.publicId}`);
    const fast = await v.request('POST', `/api/start/${made.publicId}`, startBody(made.publicId, { formToken: info.json().formToken }));
    const honeypot = await v.request('POST', `/api/start/${made.publicId}`, startBody(made.publicId, { website: 'https://spam.example' }));
    const forged = await v.request('POST', `/api/start/${made.publicId}`, startBody(made.publicId, { formToken: `${Date.now() - 60_000}.forged` }));
    const otherLink = await link(a);
    const borrowed = await v.request('POST', `/api/start/${made.publicId}`, startBody(made.publicId, { formToken: formToken(otherLink.publicId) }));
    for (const res of [fast, honeypot, forged, borrowed]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errorKey).toBe('error.public_link.start_refused');
    }
    expect(await t.db.select().from(publicLinkStarts)).not.toContainEqual(expect.objectContaining({ firstName: 'Vera', accountId: a.account.id }));
  });

  it('answers 404 for an unknown or switched-off link, and for its pending verification link', async () => {
    const a = await admin();
    const made = await link(a);
    const v = visitor();
    const body = startBody(made.publicId);
    await v.request('POST', `/api/start/${made.publicId}`, body);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, body.email));
    await a.http.request('PUT', `/api/account/public-links/${made.publicId}`, { active: false });
    for (const res of [
      await v.request('GET', '/api/start/AAAAAAAAAAAAAAAAAAAAAA'),
      await v.request('GET', '/api/start/not-a-link'),
      await v.request('GET', `/api/start/${made.publicId}`),
      await v.request('GET', `/api/branding/${made.publicId}`),
      await v.request('POST', `/api/start/${made.publicId}`, startBody(made.publicId)),
      await v.request('POST', '/api/start/verify', { token: verificationToken(mail!.textBody) }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().errorKey).toBe('error.not_found');
    }
  });

  it('refuses a bad e-mail address and a missing privacy consent with 400', async () => {
    const a = await admin();
    const made = await link(a);
    const v = visitor();
    for (const email of ['not-an-address', 'a@', '', 'x'.repeat(250) + '@example.com']) {
      const res = await v.request('POST', `/api/start/${made.publicId}`, startBody(made.publicId, { email }));
      expect(res.statusCode, email).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
    }
    expect((await v.request('POST', `/api/start/${made.publicId}`, startBody(made.publicId, { privacyAccepted: false }))).statusCode).toBe(400);
  });

  it("forgets an unconfirmed visitor's name and address once the verification link has expired", async () => {
    const a = await admin();
    const made = await link(a);
    const body = startBody(made.publicId);
    expect((await visitor().request('POST', `/api/start/${made.publicId}`, body)).statusCode).toBe(200);
    const pending = () => t.db.select().from(publicLinkStarts).where(eq(publicLinkStarts.email, body.email));
    await purgeExpiredPublicStarts(t.db);
    expect(await pending()).toHaveLength(1);
    await purgeExpiredPublicStarts(t.db, new Date(Date.now() + 25 * 3_600_000));
    expect(await pending()).toEqual([]);
  });

  it('sends one address at most three verification mails a day, whatever the link, with the same answer', async () => {
    const a = await admin();
    const email = uniqueEmail('victim');
    for (let i = 0; i < 5; i++) {
      const made = await link(a);
      const res = await visitor().request('POST', `/api/start/${made.publicId}`, startBody(made.publicId, { email }));
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(3);
  });

  it('answers 429 once a link had 100 starts within the hour, from whatever addresses', async () => {
    const a = await admin();
    const made = await link(a);
    const [row] = await t.db.select().from(publicLinks).where(eq(publicLinks.publicId, made.publicId));
    const earlier = { linkId: row!.id, accountId: a.account.id, firstName: 'B', lastName: 'Ot', locale: 'EN_US' as const, expiresAt: new Date(Date.now() + 3_600_000) };
    await t.db.insert(publicLinkStarts).values(Array.from({ length: 99 }, (_, i) => ({ ...earlier, email: `bot${i}@x.example`, emailHash: `h${i}-${made.publicId}`, tokenHash: `t${i}-${made.publicId}` })));
    expect((await visitor().request('POST', `/api/start/${made.publicId}`, startBody(made.publicId))).statusCode).toBe(200);
    const over = await visitor().request('POST', `/api/start/${made.publicId}`, startBody(made.publicId));
    expect(over.statusCode).toBe(429);
    expect(over.json().errorKey).toBe('error.rate_limited');
  });

  it('answers 429 to the 21st start from one address within a minute, while another address goes on', async () => {
    const a = await admin();
    const made = await link(a);
    const v = visitor();
    // The burst must not straddle a minute boundary (the sliding count then weighs two minutes): wait if late.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((r) => setTimeout(r, left + 50));
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await v.request('POST', `/api/start/${made.publicId}`, startBody(made.publicId))).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers[20]).toBe(429);
    expect((await visitor().request('POST', `/api/start/${made.publicId}`, startBody(made.publicId))).statusCode).toBe(200);
  });
});
