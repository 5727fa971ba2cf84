// A person's name that holds a URL ("Visit http://evil.example") never becomes a link, nor a line of its own, in a
// platform mail or its subject: every template of every locale rendered with such names, and the invitation and
// sign-up verification mails as they leave through the outbox as .eml files (docs/decisions/0034).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@bq/domain/locales';
import { mailOutbox } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { isLinkParam } from './mail-values';
import { renderMail, type RenderedMail } from './render-mail';
import { createMailTransport, emlFileName } from './transport';

const URL_NAME = 'Visit http://evil.example';
const DOMAIN_NAME = 'www.evil.example';
const SHOWN = 'Visit http[:]//evil[.]example';
const NAME_PARAMS = ['firstName', 'lastName', 'senderName', 'adviserName', 'accountName'];
const PLATFORM_LINK = 'https://advice.example.com/q/abc';

function emailTexts(locale: Locale): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../translations/data/${locale}/EMAIL.json`, import.meta.url), 'utf8')) as Record<string, string>;
}

/** What must hold for every mail a URL-like name went into. */
function expectNoLinkFromNames(mail: RenderedMail, label: string) {
  for (const part of [mail.subject, mail.text, mail.html]) {
    expect(part, label).not.toContain('evil.example');
    expect(part, label).not.toMatch(/https?:\/\/evil/);
  }
  // Plain text: no line starts with (or is) a name.
  for (const line of mail.text.split('\n')) {
    expect(line.trim().startsWith('Visit'), `${label}: ${JSON.stringify(line)}`).toBe(false);
    expect(line.trim().startsWith('www'), `${label}: ${JSON.stringify(line)}`).toBe(false);
  }
  // HTML: only the platform's own links are links.
  for (const [, href] of mail.html.matchAll(/<a [^>]*href="([^"]*)"/g)) expect(href, label).toMatch(/^https:\/\/advice\.example\.com\//);
  expect(mail.subject, label).not.toMatch(/[\r\n]/);
}

describe('every mail template with URL-like names', () => {
  for (const locale of LOCALES) {
    const texts = emailTexts(locale);
    const templates = [...new Set(Object.keys(texts).filter((k) => k.endsWith('.body')).map((k) => k.slice('email.'.length, -'.body'.length)))];
    it.each(templates)(`%s (${locale}): names are defanged text, never a link, never at the start of a line`, (template) => {
      const subject = texts[`email.${template}.subject`];
      if (subject === undefined) return expect(template).toMatch(/validity/);
      const body = texts[`email.${template}.body`]!;
      const params: Record<string, string> = {};
      for (const [, name] of `${subject}\n${body}`.matchAll(/\{\{(\w+)\}\}/g)) {
        params[name!] = isLinkParam(name!) ? PLATFORM_LINK : NAME_PARAMS.includes(name!) ? (name === 'lastName' ? DOMAIN_NAME : URL_NAME) : '3';
      }
      // The template itself: no name placeholder begins a line of the plain text.
      for (const line of body.split('\n')) expect(NAME_PARAMS.some((n) => line.trim().startsWith(`{{${n}}}`)), `${template}: ${line}`).toBe(false);
      const mail = renderMail({ subject, body, footer: texts['email.layout.footer']! }, params, { locale, accountName: URL_NAME });
      expectNoLinkFromNames(mail, `${locale} ${template}`);
      if (Object.values(params).includes(URL_NAME)) expect(mail.text).toContain(SHOWN);
      expect(mail.html).toContain(SHOWN);
    });
  }

  it('keeps a line break in a stored name from starting a line, in every part', () => {
    const mail = renderMail({ subject: 'From {{accountName}}', body: 'Hello {{firstName}}, see {{link}}', footer: 'x' }, { firstName: `Ann\nhttp://evil.example\r\nEnd`, accountName: 'A\nB', link: PLATFORM_LINK }, { locale: 'EN_US', accountName: 'A' });
    expect(mail.text.split('\n')[0]).toBe('Hello Ann http[:]//evil[.]example End, see https://advice.example.com/q/abc');
    expect(mail.subject).toBe('From A B');
    expect(mail.html).not.toContain('Ann<br>');
  });

  it('leaves ordinary names as they are', () => {
    const mail = renderMail({ subject: '{{accountName}}', body: 'Hello {{firstName}}', footer: 'x' }, { firstName: "J. R. O'Brien-Käßmann", accountName: 'Kanzlei Weiß & Co.' }, { locale: 'DE_DE', accountName: 'Kanzlei Weiß & Co.' });
    expect(mail.text.startsWith("Hello J. R. O'Brien-Käßmann")).toBe(true);
    expect(mail.subject).toBe('Kanzlei Weiß & Co.');
  });
});

describe('mails through the outbox as .eml files', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bq-mail-names-'));
    t = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: 'https://advice.example.com' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function emlOf(toAddress: string): Promise<{ mail: RenderedMail; raw: string }> {
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, toAddress.toLowerCase()));
    expect(row).toBeDefined();
    await createMailTransport(t.config).send(row!);
    const raw = readFileSync(join(dataDir, 'mail', emlFileName(row!)), 'utf8');
    expect(readdirSync(join(dataDir, 'mail')).some((f) => f.includes(row!.id))).toBe(true);
    return { mail: { subject: row!.subject, text: row!.textBody, html: row!.htmlBody }, raw };
  }

  it('the invitation from an adviser and account named with a URL, to a client named with one', async () => {
    const acc = await createAccount(t.db, { name: URL_NAME, products: ['BQ_RISK'] });
    const { email, password } = await createUser(t.db, acc.account.id, { firstName: 'Visit', lastName: 'http://evil.example' });
    const http = new TestClient(t.app);
    await http.login(email, password);
    const clientEmail = uniqueEmail('client');
    const client = await http.request('POST', '/api/u', { firstName: URL_NAME, lastName: DOMAIN_NAME, email: clientEmail, locale: 'EN_US', productConfigurationId: acc.configs[0]!.id });
    expect(client.statusCode, client.body).toBe(201);
    const instance = await http.request('POST', '/api/instance', { clientToken: client.json().token, productConfigurationId: acc.configs[0]!.id });
    expect((await http.request('POST', `/api/instance/${instance.json().token}/invite/email`)).statusCode).toBe(200);
    const { mail, raw } = await emlOf(clientEmail);
    expectNoLinkFromNames(mail, 'invitation');
    expect(mail.subject).toMatch(/^Visit http\[:\]\/\/evil\[\.\]example: your questionnaire/);
    expect(mail.text).toContain(`You are invited by ${SHOWN} of ${SHOWN}`);
    expect(mail.text).toContain(`Best regards from ${SHOWN}`);
    expect(raw).not.toContain('evil.example');
    // The mailto: draft for the adviser's own mail program says the same.
    const invite = (await http.request('GET', `/api/instance/${instance.json().token}/invite`)).json();
    expect(invite.email.subject).toBe(mail.subject);
    expect(mail.text.startsWith(invite.email.body)).toBe(true);
  });

  it('the sign-up verification mail of a person named with a URL', async () => {
    const email = uniqueEmail('signup');
    const res = await new TestClient(t.app, '10.78.0.1').request('POST', '/api/signup', { email, password: 'Correct-Horse-Battery-9', firstName: URL_NAME, lastName: DOMAIN_NAME, termsAccepted: true });
    expect(res.statusCode, res.body).toBe(202);
    const { mail, raw } = await emlOf(email);
    expectNoLinkFromNames(mail, 'verification');
    expect(mail.text).toContain(`Hello ${SHOWN},`);
    expect(raw).not.toContain('evil.example');
  });
});
