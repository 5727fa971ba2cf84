// The firm's own branding through the HTTP API (docs/decisions/0055, 0056): settings with the contrast check, the logo
// upload's checks (PNG re-encoded, SVG rebuilt from an allow-list and rasterised to PNG, size and type limits), the participant pages' read
// by token, the mails' sender name and layout, the PDFs, the account's own SMTP server and its host names.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBranding, auditEvents, interactionInstances } from '../../db/schema';
import { QUEUES } from '../../jobs/queue';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { answerCalculateUnlock } from '../../test/finished-result';
import { decodeWords, headerOf, smtpCatcher, unquoted } from '../../test/smtp-catcher';
import { SVG_CLEAN, SVG_HOSTILE, SVG_WITH_ENTITY, oversizedPng, pngClaimingHugeSize, pngWithTextChunk } from './fixtures/logos';
import { waitFor as waitForIt } from '../../test/wait-for';

// ---- two real SMTP servers: the platform's and one firm's own (which wants a user name and password) ----

const platformSmtp = smtpCatcher();
const FIRM_LOGIN = { user: 'kanzlei-mailer', pass: 'S3cret-SMTP-pass!' };
const firmSmtp = smtpCatcher(FIRM_LOGIN);

/** waitFor with this file's patience (test/wait-for.ts). */
const waitFor = <T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 15_000) =>
  waitForIt(check, what, { timeoutMs, intervalMs: 100 });

const PUBLIC_URL = 'https://advice.example.com';
let t: TestApp;
let pdfDir: string;

beforeAll(async () => {
  await platformSmtp.listen();
  await firmSmtp.listen();
  pdfDir = mkdtempSync(join(tmpdir(), 'bq-branding-'));
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${platformSmtp.port()}`,
    MAIL_FROM: '"Advice Platform" <no-reply@advice.example.com>',
    PUBLIC_URL,
    JOB_POLL_SECONDS: '0.5',
    REMINDER_CHECK_SECONDS: '86400',
    // The firm's "own" server is the local catcher: internal, so the operator allows it (docs/decisions/0067).
    EGRESS_ALLOW_HOSTS: '127.0.0.1',
  });
  await t.queue.boss.updateQueue(QUEUES.mailDeliver, { name: QUEUES.mailDeliver, retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 600 });
  await t.startWorker();
});

afterAll(async () => {
  await t.close();
  await platformSmtp.close();
  await firmSmtp.close();
  rmSync(pdfDir, { recursive: true, force: true });
});

async function firm(opts: { name?: string; permissions?: { realm: string; entity: string; action: string }[] } = {}) {
  const acc = await createAccount(t.db, { name: opts.name ?? 'Muster Holding AG', products: ['BQ_RISK'], credits: 5 });
  const { email, password } = await createUser(t.db, acc.account.id, { firstName: 'Maria', lastName: 'Berger', ...(opts.permissions ? { permissions: opts.permissions } : {}) });
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, account: acc.account, configId: acc.configs[0]!.id };
}

async function clientWithInstance(ctx: Awaited<ReturnType<typeof firm>>, locale = 'DE_DE') {
  const clientEmail = uniqueEmail('client');
  const client = (await ctx.http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email: clientEmail, locale, productConfigurationId: ctx.configId })).json();
  const instance = (await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.configId, expiresInDays: 30, autoReminder: false })).json();
  return { clientEmail: clientEmail.toLowerCase(), token: instance.token as string };
}

const BRANDING = { firmName: 'Kanzlei Weiß & Partner', address: 'Hauptstraße 1\n80331 München', footerLine: 'Ihre Kanzlei für Vermögensfragen', primaryColor: '#0B6E4F', accentColor: '#1c5bb8' };
const upload = (http: TestClient, body: Buffer | string, type = 'image/png') =>
  http.request('POST', '/api/account/branding/logo', Buffer.from(body), { 'content-type': type });
const anonymous = () => new TestClient(t.app, '192.0.2.55');

async function operator() {
  const ops = await createAccount(t.db);
  const user = await createUser(t.db, ops.account.id, { platformOperator: true });
  const http = new TestClient(t.app, '192.0.2.77');
  await http.login(user.email, user.password);
  return http;
}

describe('GET|PUT /api/account/branding', () => {
  it('saves the firm name, address, footer line and colours, and answers them back', async () => {
    const { http } = await firm();
    const res = await http.request('PUT', '/api/account/branding', BRANDING);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...BRANDING, primaryColor: '#0b6e4f', logoUrl: null, poweredByHidden: false, hosts: [] });
    expect((await http.request('GET', '/api/account/branding')).json().firmName).toBe('Kanzlei Weiß & Partner');
  });

  it('refuses a colour that fails WCAG AA on text against white, naming the field, and keeps what was saved', async () => {
    const { http } = await firm();
    await http.request('PUT', '/api/account/branding', BRANDING);
    const res = await http.request('PUT', '/api/account/branding', { ...BRANDING, accentColor: '#ffd400' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.branding.contrast');
    expect(res.json().fields).toEqual([{ path: 'accentColor', errorKey: 'error.branding.contrast' }]);
    expect((await http.request('GET', '/api/account/branding')).json().accentColor).toBe('#1c5bb8');
    const notAColour = await http.request('PUT', '/api/account/branding', { ...BRANDING, primaryColor: 'red' });
    expect(notAColour.statusCode).toBe(400);
    expect(notAColour.json().errorKey).toBe('error.validation');
  });

  it("turns one question per screen off for the account's questionnaires, and leaves it when the field is absent", async () => {
    const ctx = await firm();
    const { token } = await clientWithInstance(ctx);
    const shown = async () => (await anonymous().request('GET', `/api/q?token=${token}`)).json().oneQuestionPerScreen;
    expect((await ctx.http.request('GET', '/api/account/branding')).json().oneQuestionPerScreen).toBe(true);
    expect(await shown()).toBe(true);
    const off = await ctx.http.request('PUT', '/api/account/branding', { ...BRANDING, oneQuestionPerScreen: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().oneQuestionPerScreen).toBe(false);
    expect(await shown()).toBe(false);
    // The questionnaire names the firm its client knows, not the account.
    expect((await anonymous().request('GET', `/api/q?token=${token}`)).json().accountName).toBe('Kanzlei Weiß & Partner');
    // A save of the other fields only does not turn it back on.
    expect((await ctx.http.request('PUT', '/api/account/branding', BRANDING)).json().oneQuestionPerScreen).toBe(false);
    expect((await ctx.http.request('PUT', '/api/account/branding', { ...BRANDING, oneQuestionPerScreen: 'no' })).json().errorKey).toBe('error.validation');
    expect(await shown()).toBe(false);
  });

  it('is for account admins: an evaluator gets 403, a stranger 401', async () => {
    const { http } = await firm({ permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
    expect((await http.request('PUT', '/api/account/branding', BRANDING)).statusCode).toBe(403);
    expect((await upload(http, pngWithTextChunk())).statusCode).toBe(403);
    expect((await anonymous().request('GET', '/api/account/branding')).statusCode).toBe(401);
  });
});

describe('POST /api/account/branding/logo', () => {
  it('re-encodes a PNG: the pixels stay, a text chunk hidden in the file does not', async () => {
    const { http } = await firm();
    const original = pngWithTextChunk();
    expect(original.toString('latin1')).toContain('secret-marker');
    const res = await upload(http, original);
    expect(res.statusCode).toBe(200);
    expect(res.json().logoType).toBe('image/png');
    const logo = await http.request('GET', res.json().logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.toString('latin1')).not.toContain('secret-marker');
    const decoded = PNG.sync.read(logo.rawPayload);
    expect([decoded.width, decoded.height]).toEqual([4, 2]);
    expect([...decoded.data.subarray(0, 4)]).toEqual([200, 20, 20, 255]);
  });

  it('rasterises an SVG with a script to a PNG at upload: only pixels are stored and served, never the SVG', async () => {
    const { http, account } = await firm();
    const res = await upload(http, SVG_HOSTILE, 'image/svg+xml');
    expect(res.statusCode).toBe(200);
    expect(res.json().logoType).toBe('image/png');
    for (const url of [res.json().logoUrl as string, '/api/account/branding/logo']) {
      const logo = await http.request('GET', url);
      expect(logo.headers['content-type'], url).toBe('image/png');
      expect(logo.rawPayload.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), url).toBe(true);
      const bytes = logo.rawPayload.toString('latin1');
      for (const banned of ['<svg', '<script', 'alert', 'onload', 'javascript:', 'evil.example', 'tracker.example']) expect(bytes, banned).not.toContain(banned);
    }
    const [row] = await t.db.select().from(accountBranding).where(eq(accountBranding.accountId, account.id));
    expect(row!.logoType).toBe('image/png');
    // The trail says a logo was stored and as what (its answer's type): the SVG itself is nowhere in it.
    const events = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'account.branding_logo')));
    expect(events.map((e) => [e.outcome, (e.details as { logoType?: string }).logoType])).toEqual([['ALLOWED', 'image/png']]);
    expect(row!.logo!.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('draws a clean SVG at a bounded size, 320 pixels high or 1280 wide at most, whatever size it declares', async () => {
    const { http } = await firm();
    const res = await upload(http, SVG_CLEAN, 'image/svg+xml');
    const drawn = PNG.sync.read((await http.request('GET', res.json().logoUrl)).rawPayload);
    // viewBox 100 x 40: fitted to the height.
    expect([drawn.width, drawn.height]).toEqual([800, 320]);
    // The rectangle's colour, #0b6e4f, in the middle of its left half.
    const at = (drawn.width * Math.floor(drawn.height / 2) + 20) * 4;
    expect([...drawn.data.subarray(at, at + 4)]).toEqual([11, 110, 79, 255]);
    const huge = '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="20000"><rect width="100000" height="20000" fill="#0b6e4f"/></svg>';
    const wide = PNG.sync.read((await http.request('GET', (await upload(http, huge, 'image/svg+xml')).json().logoUrl)).rawPayload);
    expect([wide.width, wide.height]).toEqual([1280, 256]);
  });

  it('serves a logo stored as SVG before uploads were rasterised as a PNG, never the SVG', async () => {
    const { http, account } = await firm();
    await upload(http, pngWithTextChunk());
    await t.db.update(accountBranding).set({ logo: Buffer.from(SVG_CLEAN), logoType: 'image/svg+xml', logoHash: 'legacy-svg-hash' }).where(eq(accountBranding.accountId, account.id));
    const logo = await http.request('GET', '/api/account/branding/logo');
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('refuses an SVG with a DOCTYPE or entities (400 error.branding.logo_unsafe)', async () => {
    const { http } = await firm();
    const res = await upload(http, SVG_WITH_ENTITY, 'image/svg+xml');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.branding.logo_unsafe');
  });

  it('refuses an oversized file (413) and a PNG claiming more than 2000 pixels a side (400), storing nothing', async () => {
    const { http } = await firm();
    const big = oversizedPng(600 * 1024);
    expect(big.length).toBeGreaterThan(512 * 1024);
    const tooBig = await upload(http, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errorKey).toBe('error.branding.logo_too_large');
    const huge = await upload(http, pngClaimingHugeSize());
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errorKey).toBe('error.branding.logo_too_large');
    expect((await http.request('GET', '/api/account/branding')).json().logoUrl).toBeNull();
  });

  it('refuses a file of another type, whatever it claims to be (415)', async () => {
    const { http } = await firm();
    const gif = await upload(http, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/png');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().errorKey).toBe('error.branding.logo_type');
    const html = await upload(http, '<html><body onload="x()"></body></html>', 'image/svg+xml');
    expect(html.statusCode).toBe(415);
    const text = await http.request('POST', '/api/account/branding/logo', 'hello', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
  });
});

describe('GET /api/branding/{token}', () => {
  it("answers the participant page the branding of the token's own account, its logo too; an unknown token 404", async () => {
    const a = await firm();
    await a.http.request('PUT', '/api/account/branding', BRANDING);
    await upload(a.http, pngWithTextChunk());
    const b = await firm({ name: 'Other Firm' });
    await b.http.request('PUT', '/api/account/branding', { ...BRANDING, firmName: 'Andere Bank' });
    const { token } = await clientWithInstance(a);
    const { token: otherToken } = await clientWithInstance(b);

    const mine = await anonymous().request('GET', `/api/branding/${token}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ firmName: 'Kanzlei Weiß & Partner', primaryColor: '#0b6e4f', poweredBy: true });
    const logo = await anonymous().request('GET', mine.json().logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');

    const theirs = await anonymous().request('GET', `/api/branding/${otherToken}`);
    expect(theirs.json()).toMatchObject({ firmName: 'Andere Bank', logoUrl: null });
    const unknown = await anonymous().request('GET', `/api/branding/${token.slice(0, -2)}xx`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorKey).toBe('error.not_found');
    expect((await anonymous().request('GET', `/api/branding/${otherToken}/logo`)).statusCode).toBe(404);
  });

  it('answers all null for an account without branding', async () => {
    const a = await firm();
    const { token } = await clientWithInstance(a);
    expect((await anonymous().request('GET', `/api/branding/${token}`)).json()).toEqual({
      firmName: null, address: null, footerLine: null, primaryColor: null, accentColor: null, logoUrl: null, poweredBy: true,
    });
  });
});

describe("the firm's mails", () => {
  it('come from "<firm> via <platform>" with the logo, colour, footer line, address and powered-by line', async () => {
    const a = await firm();
    await a.http.request('PUT', '/api/account/branding', BRANDING);
    await upload(a.http, pngWithTextChunk());
    const { clientEmail, token } = await clientWithInstance(a);
    expect((await a.http.request('POST', `/api/instance/${token}/invite/email`)).statusCode).toBe(200);
    const message = await waitFor(() => platformSmtp.received.find((m) => m.to.includes(clientEmail)), 'the invitation');
    expect(decodeWords(headerOf(message.raw, 'From')!).replaceAll('"', '')).toBe('Kanzlei Weiß & Partner via BQ Advisory Platform <no-reply@advice.example.com>');
    expect(decodeWords(headerOf(message.raw, 'Subject')!)).toMatch(/^Kanzlei Weiß & Partner: /);
    const all = unquoted(message.raw);
    expect(all).toContain(`${PUBLIC_URL}/api/branding/${token}/logo?v=`);
    expect(all).toContain('border-bottom:2px solid #0b6e4f');
    expect(all).toContain('Ihre Kanzlei für Vermögensfragen');
    expect(all).toContain('80331 München');
    expect(all).toContain('Versendet mit der BQ Advisory Platform');
    expect(all).not.toContain('im Auftrag von');
  });

  it('leave out the powered-by line once the operator switched it off', async () => {
    const a = await firm();
    await a.http.request('PUT', '/api/account/branding', BRANDING);
    const ops = await operator();
    expect((await ops.request('PUT', `/api/ops/accounts/${a.account.id}/branding`, { poweredByHidden: true, hosts: [] })).statusCode).toBe(200);
    const { clientEmail, token } = await clientWithInstance(a, 'EN_US');
    await a.http.request('POST', `/api/instance/${token}/invite/email`);
    const message = await waitFor(() => platformSmtp.received.find((m) => m.to.includes(clientEmail)), 'the invitation');
    expect(unquoted(message.raw)).not.toContain('Sent with the BQ Advisory Platform');
    expect((await anonymous().request('GET', `/api/branding/${token}`)).json().poweredBy).toBe(false);
    // An account admin cannot switch it: the route is the operator's.
    expect((await a.http.request('PUT', `/api/ops/accounts/${a.account.id}/branding`, { poweredByHidden: false, hosts: [] })).statusCode).toBe(403);
  });

  it("leave through the account's own SMTP server, logged in, from its own address under the firm's name", async () => {
    const a = await firm();
    await a.http.request('PUT', '/api/account/branding', BRANDING);
    const saved = await a.http.request('PUT', '/api/account/sender', {
      host: '127.0.0.1', port: firmSmtp.port(), user: FIRM_LOGIN.user, password: FIRM_LOGIN.pass, fromAddress: 'mandanten@kanzlei-weiss.example',
      // The catcher speaks no TLS.
      allowPlaintext: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      configured: true, host: '127.0.0.1', port: firmSmtp.port(), user: FIRM_LOGIN.user, passwordSet: true, fromAddress: 'mandanten@kanzlei-weiss.example', allowPlaintext: true,
    });
    // Encrypted at rest: the database holds no trace of the password.
    const [row] = await t.db.select().from(accountBranding).where(eq(accountBranding.accountId, a.account.id));
    expect(row!.smtpPasswordEncrypted).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(row!.smtpPasswordEncrypted).not.toContain(FIRM_LOGIN.pass);

    const { clientEmail, token } = await clientWithInstance(a);
    await a.http.request('POST', `/api/instance/${token}/invite/email`);
    const message = await waitFor(() => firmSmtp.received.find((m) => m.to.includes(clientEmail)), "the invitation at the firm's server");
    expect(message.user).toBe(FIRM_LOGIN.user);
    expect(decodeWords(headerOf(message.raw, 'From')!).replaceAll('"', '')).toBe('Kanzlei Weiß & Partner <mandanten@kanzlei-weiss.example>');
    expect(platformSmtp.received.some((m) => m.to.includes(clientEmail))).toBe(false);

    // Removed: the next mail goes through the platform again.
    expect((await a.http.request('DELETE', '/api/account/sender')).json().configured).toBe(false);
    const second = await clientWithInstance(a);
    await a.http.request('POST', `/api/instance/${second.token}/invite/email`);
    await waitFor(() => platformSmtp.received.find((m) => m.to.includes(second.clientEmail)), 'the invitation through the platform');
  });
});

describe("the firm's PDFs", () => {
  it('carry the firm name, logo and powered-by line in the report', async () => {
    const a = await firm();
    await a.http.request('PUT', '/api/account/branding', BRANDING);
    await upload(a.http, pngWithTextChunk());
    const { token } = await clientWithInstance(a, 'EN_US');
    await answerCalculateUnlock(t, a.http, token, 'BQ_RISK', 7);
    const res = await a.http.request('GET', `/api/report/download/${token}?interactionType=bqa&locale=EN_US&pageFormat=A4`);
    expect(res.statusCode).toBe(200);
    const file = join(pdfDir, `${token}.pdf`);
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Kanzlei Weiß & Partner');
    expect(text).not.toContain('Muster Holding AG');
    expect(text).toContain('Created with the BQ Advisory Platform');
    // The logo is drawn: the PDF holds an image.
    expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').length).toBeGreaterThan(3);
    // Answering, calculating and rendering a report takes a while on a busy machine.
  }, 120_000);
});

describe('an SVG logo where no SVG is drawn', () => {
  it('is linked from mails as a PNG and drawn in the PDF, rasterised', async () => {
    const a = await firm();
    await a.http.request('PUT', '/api/account/branding', BRANDING);
    expect((await upload(a.http, SVG_CLEAN, 'image/svg+xml')).statusCode).toBe(200);
    const { clientEmail, token } = await clientWithInstance(a, 'EN_US');
    await a.http.request('POST', `/api/instance/${token}/invite/email`);
    const message = await waitFor(() => platformSmtp.received.find((m) => m.to.includes(clientEmail)), 'the invitation');
    const link = new RegExp(`${PUBLIC_URL}(/api/branding/${token}/logo\\?v=\\w+)`).exec(unquoted(message.raw).replaceAll('&amp;', '&'));
    expect(link).not.toBeNull();
    const png = await anonymous().request('GET', link![1]!);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.rawPayload.readUInt32BE(20)).toBe(320);
    // On the web the same PNG (the SVG was rasterised at upload); an unknown format is refused.
    expect((await anonymous().request('GET', `/api/branding/${token}/logo`)).headers['content-type']).toBe('image/png');
    expect((await anonymous().request('GET', `/api/branding/${token}/logo?format=gif`)).statusCode).toBe(400);

    await answerCalculateUnlock(t, a.http, token, 'BQ_RISK', 7);
    const res = await a.http.request('GET', `/api/report/download/${token}?interactionType=bqa&locale=EN_US&pageFormat=A4`);
    const file = join(pdfDir, `${token}-svg.pdf`);
    writeFileSync(file, res.rawPayload);
    expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').length).toBeGreaterThan(3);
  }, 120_000);
});

describe('host names (operator) and the TLS ask endpoint', () => {
  it('assigns a host to one account: the sign-in page there shows its branding, Caddy may get a certificate for it', async () => {
    const a = await firm();
    await a.http.request('PUT', '/api/account/branding', BRANDING);
    const ops = await operator();
    const host = `berater-${Date.now()}.kanzlei-weiss.example`;
    const res = await ops.request('PUT', `/api/ops/accounts/${a.account.id}/branding`, { poweredByHidden: false, hosts: [host.toUpperCase()] });
    expect(res.statusCode).toBe(200);
    expect(res.json().hosts).toEqual([host]);

    expect((await anonymous().request('GET', `/api/system/tls-allowed?domain=${host}`)).statusCode).toBe(200);
    expect((await anonymous().request('GET', '/api/system/tls-allowed?domain=unknown.example')).statusCode).toBe(404);
    const branded = await anonymous().request('GET', '/api/branding/host', undefined, { host: `${host}:443` });
    expect(branded.statusCode).toBe(200);
    expect(branded.json().firmName).toBe('Kanzlei Weiß & Partner');
    expect((await anonymous().request('GET', '/api/branding/host', undefined, { host: 'advice.example.com' })).statusCode).toBe(404);

    // Another account cannot take it.
    const b = await firm();
    const taken = await ops.request('PUT', `/api/ops/accounts/${b.account.id}/branding`, { poweredByHidden: false, hosts: [host] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorKey).toBe('error.branding.host_taken');
    expect((await ops.request('PUT', `/api/ops/accounts/${b.account.id}/branding`, { poweredByHidden: false, hosts: ['not a host'] })).statusCode).toBe(400);

    // The account's clients are sent to its own host: the mail's questionnaire and logo links, and the ready mail.
    await upload(a.http, pngWithTextChunk());
    const { clientEmail, token } = await clientWithInstance(a);
    await a.http.request('POST', `/api/instance/${token}/invite/email`);
    const message = unquoted((await waitFor(() => platformSmtp.received.find((m) => m.to.includes(clientEmail)), 'the invitation')).raw);
    expect(message).toContain(`https://${host}/q/${token}`);
    expect(message).toContain(`https://${host}/api/branding/${token}/logo?v=`);
    expect(message).not.toContain(PUBLIC_URL);
    expect((await a.http.request('GET', `/api/instance/${token}/invite`)).json().inviteUrl).toBe(`https://${host}/q/${token}`);
  });
});

it('keeps the instance token the only key: the logo link in a mail names no account', async () => {
  const a = await firm();
  const { token } = await clientWithInstance(a);
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, token));
  expect((await anonymous().request('GET', `/api/branding/${row!.id}`)).statusCode).toBe(404);
  expect((await anonymous().request('GET', `/api/branding/${a.account.id}`)).statusCode).toBe(404);
});
