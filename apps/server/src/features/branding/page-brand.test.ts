// The firm's branding delivered with the page (docs/decisions/0085): the HTML the server sends for a participant page
// carries the branding of the token's account, and the sign-in page under a firm's own host that account's, so the
// page draws the firm's frame with its first paint (no later fetch, no layout shift). The same answers as
// GET /api/branding/{token} and GET /api/branding/host; nothing of another account, nothing that breaks out of the
// data block.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { tokenOfPage } from './page-brand';

const PARTICIPANT = '<!doctype html><html><head><title>Q</title></head><body><div id="root"></div></body></html>';
const SIGN_IN = '<!doctype html><html><head><title>Sign in</title></head><body><div id="root"></div></body></html>';
const BRANDING = { firmName: 'Kanzlei Weiß & Partner </script><script>alert(1)</script>', address: 'Hauptstraße 1\n80331 München', footerLine: 'Seit 1998', primaryColor: '#0B6E4F', accentColor: null };
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'bq-page-brand-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
  writeFileSync(join(dist, 'participant.html'), PARTICIPANT);
  writeFileSync(join(dist, 'signin.html'), SIGN_IN);
  t = await createTestApp({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function brandedFirm() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
  const { email, password } = await createUser(t.db, acc.account.id, { firstName: 'Maria', lastName: 'Berger' });
  const http = new TestClient(t.app);
  await http.login(email, password);
  expect((await http.request('PUT', '/api/account/branding', BRANDING)).statusCode).toBe(200);
  const client = (await http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email: uniqueEmail('client'), locale: 'DE_DE', productConfigurationId: acc.configs[0]!.id })).json();
  const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: acc.configs[0]!.id, expiresInDays: 30, autoReminder: false })).json();
  return { http, accountId: acc.account.id, token: instance.token as string };
}

/** The JSON of the page's `bq-brand` data block, or null without one. */
function brandOf(html: string): unknown {
  const match = /<script type="application\/json" id="bq-brand">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

const page = (url: string, host?: string) => t.app.inject({ method: 'GET', url, headers: host ? { host } : {} });

describe('the brand in the page (docs/decisions/0085)', () => {
  it("writes the token's branding into a participant page, the same as GET /api/branding/{token}, before </head>", async () => {
    const { token } = await brandedFirm();
    const api = (await page(`/api/branding/${token}`)).json();
    for (const url of [`/q/${token}`, `/bqa/report/${token}/`, `/bqp/certificate/${token}?x=1`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(brandOf(res.body), url).toEqual({ token, branding: api });
      expect(res.body.indexOf('id="bq-brand"'), url).toBeLessThan(res.body.indexOf('</head>'));
    }
    // The firm's texts cannot end the data block: every "<" is escaped inside it.
    const html = (await page(`/q/${token}`)).body;
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('says "no branding" for an unknown token, so the page does not ask again; the evaluator app gets none', async () => {
    expect(brandOf((await page('/q/no-such-token')).body)).toEqual({ token: 'no-such-token', branding: null });
    expect(brandOf((await page('/verify/certificate/nope')).body)).toEqual({ token: 'nope', branding: null });
    expect((await page('/product/BQ_RISK')).body).not.toContain('bq-brand');
  });

  it("sends the sign-in page from its own entry, with the host's firm when an operator assigned the host", async () => {
    const { accountId } = await brandedFirm();
    const ops = await createAccount(t.db);
    const user = await createUser(t.db, ops.account.id, { platformOperator: true });
    const operator = new TestClient(t.app, '192.0.2.77');
    await operator.login(user.email, user.password);
    const host = `berater-${Date.now()}.kanzlei-weiss.example`;
    expect((await operator.request('PUT', `/api/ops/accounts/${accountId}/branding`, { poweredByHidden: false, hosts: [host] })).statusCode).toBe(200);

    const branded = await page('/login?redirectUrl=%2Fproduct', `${host}:443`);
    expect(branded.body).toContain('<title>Sign in</title>');
    const api = (await page('/api/branding/host', host)).json();
    expect(brandOf(branded.body)).toEqual({ host: true, branding: api });
    expect(api.firmName).toContain('Kanzlei Weiß & Partner');
    // The platform's own host: the sign-in page without a firm (and no 404 to log in the browser).
    expect(brandOf((await page('/login', 'advice.example.com')).body)).toEqual({ host: true, branding: null });
    // The providers' callback pages stay in the evaluator app.
    expect((await page('/login/google?code=x')).body).toContain('app');
  });

  it('reads the token of each participant path', () => {
    expect(tokenOfPage('/q/abc')).toBe('abc');
    expect(tokenOfPage('/report/rdl_1/download')).toBe('rdl_1');
    expect(tokenOfPage('/bqaRecommendations/report/a%20b/')).toBe('a b');
    expect(tokenOfPage('/verify/certificate/%E0%A4')).toBeNull();
  });
});
