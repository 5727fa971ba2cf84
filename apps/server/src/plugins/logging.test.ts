// What the log holds after requests full of credentials: a password at sign-in, the session cookie, an
// Authorization header, questionnaire and report tokens in paths and query strings, a verification link's token, a
// database error quoting its bound values. None of them may appear in any line; every request line has its reqId.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../db/schema';
import { TestClient, createTestApp, type TestApp } from '../test/test-app';
import { createAccount, createUser } from '../test/factories';
import { loggableUrl } from './logging';

const lines: string[] = [];
const DB_SECRET = 'param-Secret-4711-abcdefghijklmnop';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    (app) => {
      // A failing query, as drizzle reports it: the statement and its bound values.
      app.get('/api/test/failing-query', { config: { audit: false, public: true } }, async () => {
        throw new Error(`Failed query: select * from interaction_instances where token = $1\nparams: ${DB_SECRET}`);
      });
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(() => t.close());

describe('the request log', () => {
  it('carries no token, password, cookie or authorization value, and a reqId on every request line', async () => {
    const { account } = await createAccount(t.db, { products: ['BQ_RISK'] });
    const { user, email, password } = await createUser(t.db, account.id);
    const http = new TestClient(t.app);
    expect((await http.login(email, password)).statusCode).toBe(200);
    const sessionToken = http.cookie!.split('=')[1]!;
    const productConfigurationId = (await http.request('GET', '/api/user')).json().products[0].id;
    const client = (
      await http.request('POST', '/api/u', { firstName: 'Lotte', lastName: 'Log', email: 'lotte@example.com', locale: 'EN_US', productConfigurationId })
    ).json();
    const { token } = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId })).json();
    await http.request('GET', `/api/instance/${token}/invite`);
    await http.request('GET', `/api/client/${client.token}/product/${productConfigurationId}/profile`);

    const participant = new TestClient(t.app, '192.0.2.44');
    await participant.request('GET', `/api/q?token=${token}`);
    await participant.request('PUT', `/api/q/${token}/answers`, { answers: {} });
    await participant.request('POST', `/api/q/${token}/submit`);
    await participant.request('GET', `/q/${token}`);
    await participant.request('GET', `/bqa/report/${token}`);
    await participant.request('GET', `/${'BQ_RISK'}/client/${client.token}/dashboard/${token}`);
    await participant.request('GET', `/api/comp/BQS_COMP?instanceToken1=${token}&instanceToken2=${token}`);
    const rdl = 'rdl_UnknownButSecret0123456789abcdefghijklmn';
    await participant.request('GET', `/api/report/download/${rdl}`);
    await participant.request('GET', `/report/${rdl}/download`);

    // A verification link: its token is in the mail, and then in the URL that is opened.
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    await http.request('GET', '/api/email/verification/resend');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email.toLowerCase()));
    const verificationToken = /\/verify\/([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    await participant.request('GET', `/api/email/verification/${verificationToken}`);
    await participant.request('GET', `/verify/${verificationToken}`);
    await participant.request('GET', `/api/email/verification/resend?email=${encodeURIComponent(email)}`);

    const bearer = 'Bearer api-key-Secret-0815-xyzxyzxyzxyz';
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: bearer, cookie: `bq_session=${sessionToken}` } });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/failing-query' })).statusCode).toBe(500);
    await http.request('POST', '/api/logout');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(40);
    for (const secret of [password, sessionToken, token, client.token, rdl, verificationToken, bearer, 'api-key-Secret', DB_SECRET, email, 'lotte@example.com']) {
      expect(log, `the log contains ${secret}`).not.toContain(secret);
    }
    const entries = lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; req?: { url: string }; err?: { message: string } });
    const requestLines = entries.filter((e) => e.msg === 'incoming request' || e.msg === 'request completed');
    expect(requestLines.length).toBeGreaterThan(40);
    for (const entry of requestLines) expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    const urls = entries.filter((e) => e.req).map((e) => e.req!.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/q?token=[redacted]',
        '/api/q/[token]/answers',
        '/api/q/[token]/submit',
        '/q/[token]',
        '/bqa/report/[token]',
        '/BQ_RISK/client/[clientToken]/dashboard/[token]',
        '/api/report/download/[id]',
        '/report/[token]/download',
        '/api/email/verification/[token]',
        '/verify/[token]',
        '/api/email/verification/resend?email=[redacted]',
        '/api/comp/BQS_COMP?instanceToken1=[redacted]&instanceToken2=[redacted]',
      ]),
    );
    // The failing query is logged with its statement and the request id, without the bound value.
    const failure = entries.find((e) => e.msg === 'unhandled error')!;
    expect(failure.err!.message).toContain('select * from interaction_instances');
    expect(failure.err!.message).toContain('params: [redacted]');
    expect(failure.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('loggableUrl', () => {
  it('keeps harmless query values and routes without parameters as they are', () => {
    expect(loggableUrl('/api/i18ns?language=DE_DE&textTypeParameter=ERROR')).toBe('/api/i18ns?language=DE_DE&textTypeParameter=ERROR');
    expect(loggableUrl('/api/participants?q=M%C3%BCller&page=2', '/api/participants')).toBe('/api/participants?q=[redacted]&page=2');
    expect(loggableUrl('/assets/index-B52_hZKH.js')).toBe('/assets/index-B52_hZKH.js');
    expect(loggableUrl('/product/BQ_PERFORMANCE_SELF_ASSESSMENT')).toBe('/product/BQ_PERFORMANCE_SELF_ASSESSMENT');
    expect(loggableUrl('/some/unknown/path/Xy7_0123456789abcdefghij')).toBe('/some/unknown/path/[token]');
  });
});
