// Security headers on every kind of response: the web app's pages (public token pages included) and files, API
// answers, errors of every kind. HSTS only over TLS and only when configured.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../test/test-app';
import { createAccount, createUser } from '../test/factories';

const webDist = mkdtempSync(join(tmpdir(), 'bq-web-dist-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');

let t: TestApp;
let noHsts: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: webDist, TRUST_PROXY: 'true' });
  noHsts = await createTestApp({ WEB_DIST_DIR: webDist, TRUST_PROXY: 'true', HSTS_MAX_AGE_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
  await noHsts.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The CSP's directives by name. */
function csp(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(res: { headers: Record<string, unknown> }, what: string) {
  const policy = csp(res.headers['content-security-policy'] as string | undefined);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('script-src'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['permissions-policy'], what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
}

describe('security headers', () => {
  it('are on pages, public token pages, files, API answers and every kind of error; no inline script is allowed', async () => {
    const { account } = await createAccount(t.db);
    const { email, password } = await createUser(t.db, account.id);
    const http = new TestClient(t.app);
    await http.login(email, password);
    const responses = {
      'the web app': await t.app.inject({ method: 'GET', url: '/' }),
      'a questionnaire link': await t.app.inject({ method: 'GET', url: '/q/some-token' }),
      'a report page': await t.app.inject({ method: 'GET', url: '/bqa/report/some-token' }),
      'a report download link': await t.app.inject({ method: 'GET', url: '/report/rdl_x/download' }),
      'a verification link': await t.app.inject({ method: 'GET', url: '/verify/some-token' }),
      'a file': await t.app.inject({ method: 'GET', url: '/assets/app.js' }),
      'a missing file': await t.app.inject({ method: 'GET', url: '/assets/missing.js' }),
      'an API answer': await http.request('GET', '/api/user'),
      'a public API answer': await t.app.inject({ method: 'GET', url: '/api/system/config' }),
      'the API docs': await t.app.inject({ method: 'GET', url: '/api/docs/' }),
      'a 401': await t.app.inject({ method: 'GET', url: '/api/user' }),
      'a 403 (CSRF)': await t.app.inject({ method: 'POST', url: '/api/logout' }),
      'a 404': await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      'a 400': await t.app.inject({ method: 'GET', url: '/api/q?token=' }),
      'a 400 for a NUL': await t.app.inject({ method: 'GET', url: '/api/q?token=a%00b' }),
      'a malformed URL': await t.app.inject({ method: 'GET', url: '/api/q/%ED%A0%80/x' }),
    };
    for (const [what, res] of Object.entries(responses)) {
      expect(res.statusCode, what).toBeLessThan(500);
      expectSecurityHeaders(res, what);
      // Plain HTTP: no HSTS.
      expect(res.headers['strict-transport-security'], what).toBeUndefined();
    }
    expect(responses['the web app'].headers['content-type']).toContain('text/html');
  });

  it('sends HSTS over TLS (here: behind a trusted proxy that says https), unless switched off', async () => {
    const overTls = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const apiOverTls = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-forwarded-proto': 'https' } });
    expect(apiOverTls.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const off = await noHsts.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(off.headers['strict-transport-security']).toBeUndefined();
    expectSecurityHeaders(off, 'HSTS off');
  });
});
