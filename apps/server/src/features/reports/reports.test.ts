// Reports, PDFs, certificates and mailed download links through the HTTP API, on PGlite and PostgreSQL.
// Results come from the participant's calls and the calculation, as in production; PDFs are checked by the
// text pdftotext extracts from them, and their page size by pdfinfo (poppler-utils).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '@bq/domain/product-types';
import { simulateRespondents } from '@bq/scoring/simulate';
import {
  certificates,
  interactionInstances,
  mailOutbox,
  productConfigurations,
  reportDownloadTokens,
} from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { calculateInstance } from '../calculation/calculate-instance';
import { definitionForProduct } from '../interactions/definitions';
import { queueAutoReport } from './report-mail';

let t: TestApp;
const pdfDir = mkdtempSync(join(tmpdir(), 'bq-report-test-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adviser(products: ProductType[], opts: { locale?: string } = {}) {
  const acc = await createAccount(t.db, { products, credits: 10 });
  const { email, password } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = (p: ProductType) => acc.configs.find((c) => c.productType === p)!.id;
  return { http, config, account: acc.account, locale: opts.locale };
}

/** A client of the adviser answers the product's questionnaire (simulated, seeded); the result is calculated. */
async function finishedResult(
  ctx: Awaited<ReturnType<typeof adviser>>,
  product: ProductType,
  opts: {
    seed?: number;
    firstName?: string;
    lastName?: string;
    locale?: string;
    autoSendReport?: boolean;
    answers?: Record<string, number | string>;
  } = {},
) {
  const seed = opts.seed ?? 1;
  const client = (
    await ctx.http.request('POST', '/api/u', {
      firstName: opts.firstName ?? 'Jürgen',
      lastName: opts.lastName ?? 'Müller',
      email: `client.${seed}.${Math.random().toString(36).slice(2)}@example.com`,
      locale: opts.locale ?? 'DE_DE',
      productConfigurationId: ctx.config(product),
    })
  ).json();
  const instance = (
    await ctx.http.request('POST', '/api/instance', {
      clientToken: client.token,
      productConfigurationId: ctx.config(product),
    })
  ).json();
  if (opts.autoSendReport !== undefined) {
    expect(
      (
        await ctx.http.request('PATCH', `/api/instance/${instance.token}/auto_sends`, {
          autoSendReport: opts.autoSendReport,
          autoReminder: false,
        })
      ).statusCode,
    ).toBe(200);
  }
  const definition = definitionForProduct(product);
  const answers = opts.answers ?? simulateRespondents(definition, { count: 1, seed, consistency: 0.8 })[0]!.answers;
  const participant = new TestClient(t.app);
  expect((await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers })).statusCode).toBe(
    200,
  );
  expect((await participant.request('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(200);
  const [row] = await t.db
    .select()
    .from(interactionInstances)
    .where(eq(interactionInstances.token, instance.token));
  await calculateInstance(t.db, row!.id, undefined, (tx, id) => queueAutoReport(tx, t.queue, t.config, id));
  return { token: instance.token as string, id: row!.id, client };
}

const unlock = (http: TestClient, token: string) =>
  http.request('POST', '/api/credit/unlock', { interactionToken: token });
const anonymous = () => new TestClient(t.app);

function pdfText(body: Buffer, name: string): { text: string; info: string } {
  const file = join(pdfDir, name);
  writeFileSync(file, body);
  return {
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
  };
}

/** The fonts pdffonts lists: name (subset prefix removed) and whether the file embeds it. */
function fontsOf(file: string): { name: string; embedded: boolean }[] {
  return execFileSync('pdffonts', [file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      return { name: columns[0]!.replace(/^[A-Z]{6}\+/, ''), embedded: columns[columns.length - 5] === 'yes' };
    });
}

/** The QR code a phone reads off page 1: rasterised by poppler (pdftoppm), decoded by jsQR. */
function scanQrCode(file: string): string | null {
  const image = file.replace(/\.pdf$/, '-page1');
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, image]);
  const png = PNG.sync.read(readFileSync(`${image}.png`));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe('report content', () => {
  it('is 402 while the result is locked and 404 for an unknown token; once unlocked it is public by the instance token', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token, client } = await finishedResult(ctx, 'BQ_RISK', { seed: 3 });
    const locked = await anonymous().request('GET', `/api/report/content/bqa/${token}`);
    expect(locked.statusCode).toBe(402);
    expect(locked.json().errorKey).toBe('error.result.locked');
    expect((await anonymous().request('GET', `/api/report/content/bqa/unknown-token`)).statusCode).toBe(404);
    expect((await unlock(ctx.http, token)).statusCode).toBe(200);

    // Without a session, in the client's language (German) by default.
    const res = await anonymous().request('GET', `/api/report/content/bqa/${token}`);
    expect(res.statusCode).toBe(200);
    const content = res.json();
    expect(content).toMatchObject({
      reportType: 'bqa',
      locale: 'DE_DE',
      instanceToken: token,
      client: { displayName: 'Jürgen Müller' },
      anonymized: false,
      title: 'Risikoprofil-Bericht',
    });
    expect(content.dimensions.length).toBeGreaterThan(2);
    expect(content.dimensions[0].name).not.toMatch(/^[a-z_.]+$/); // translated, not a key
    expect(content.risk.suitableClass).toBeGreaterThanOrEqual(1);
    // The page gets the window tables; the chart series are the PDF's and the dashboard's (decision 0085).
    expect(content.risk.section.nominal.table.rows.map((r: { label: string }) => r.label)).toEqual(['year1', 'year5', 'year10']);
    expect(content.risk.section.nominal.minMax).toBeUndefined();
    expect(content.risk.section.nominal.lines).toBeUndefined();
    expect(res.body.length).toBeLessThan(60_000);
    expect(content.fileName).toMatch(/^Risikoprofil-Bericht_Mueller_Juergen_\d{2}-\d{2}-\d{4}\.pdf$/);

    // Only a signed-in evaluator of the issuing account is shown the way to the dashboard.
    expect(content.dashboardPath).toBeNull();
    const forAdviser = (await ctx.http.request('GET', `/api/report/content/bqa/${token}`)).json();
    // The adviser (English) is shown the client's language too, unless they ask for another.
    expect(forAdviser.locale).toBe('DE_DE');
    expect(forAdviser.title).toBe('Risikoprofil-Bericht');
    expect(forAdviser.dashboardPath).toBe(`/BQ_RISK/client/${client.token}/dashboard/${token}`);
    const stranger = await adviser(['BQ_RISK']);
    expect(
      (await stranger.http.request('GET', `/api/report/content/bqa/${token}`)).json().dashboardPath,
    ).toBeNull();

    // The report of another kind does not exist for this result.
    expect((await anonymous().request('GET', `/api/report/content/bqp/${token}`)).statusCode).toBe(404);
    const english = (
      await anonymous().request('GET', `/api/report/content/bqa/${token}?locale=EN_US`)
    ).json();
    expect(english.title).toBe('Risk profile report');
    expect(english.fileName).toMatch(/^Risk-profile-report_Mueller_Juergen_\d{2}-\d{2}-\d{4}\.pdf$/);
  });

  it('is 409 while the questionnaire is not finished', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const client = (
      await ctx.http.request('POST', '/api/u', {
        firstName: 'Ann',
        lastName: 'Open',
        email: `ann.${Math.random()}@example.com`,
        productConfigurationId: ctx.config('BQ_RISK'),
      })
    ).json();
    const instance = (
      await ctx.http.request('POST', '/api/instance', {
        clientToken: client.token,
        productConfigurationId: ctx.config('BQ_RISK'),
      })
    ).json();
    const res = await anonymous().request('GET', `/api/report/content/bqa/${instance.token}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorKey).toBe('error.result.not_ready');
  });

  it('anonymises: nothing in the content, the PDF text, the PDF metadata or the file name leads back to the client', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token, id, client } = await finishedResult(ctx, 'BQ_RISK', {
      seed: 4,
      firstName: 'Ottilie',
      lastName: 'Quastenberg',
    });
    await unlock(ctx.http, token);
    // A flagged profile with a resolution, so the adviser's record is part of what is checked.
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, id));
    const results = structuredClone(row!.results!);
    results.risk!.consistency = {
      flagged: true,
      reasons: [{ kind: 'tolerance_vs_self_estimate', toleranceClass: 6, otherClass: 2, gap: 4 }],
    };
    await t.db.update(interactionInstances).set({ results }).where(eq(interactionInstances.id, id));
    expect(
      (
        await ctx.http.request('POST', `/api/dashboard/${token}/consistency/resolution`, {
          note: 'Talked it through with Ottilie Quastenberg: she accepts class 3.',
        })
      ).statusCode,
    ).toBe(201);
    const filledDay = row!.filledAt!.toISOString().slice(0, 10);
    const secrets = [token, client.token, client.email, 'Ottilie', 'Quastenberg', filledDay];
    const leaks = (text: string) => secrets.filter((secret) => text.includes(secret));

    // The content as the signed-in adviser sees it (who would get the dashboard link) and as anyone else does.
    for (const http of [ctx.http, anonymous()]) {
      for (const type of ['bqa', 'bqa/recommendations']) {
        const res = await http.request('GET', `/api/report/content/${type}/${token}?anonymize=true&locale=EN_UK`);
        expect(res.statusCode).toBe(200);
        const content = res.json();
        expect(content.anonymized).toBe(true);
        expect(leaks(JSON.stringify(content))).toEqual([]);
        expect(content).toMatchObject({
          instanceToken: null,
          dashboardPath: null,
          client: { firstName: '', lastName: '', displayName: 'Anonymous client' },
          evidence: { answersHash: '' },
        });
        expect(content.completedAt).toMatch(/^\d{4}-\d{2}$/);
        expect(content.calculatedAt).toMatch(/^\d{4}-\d{2}$/);
        expect(content.risk.consistency.discussedAt).toMatch(/^\d{4}-\d{2}$/);
        expect(content.fileName).toMatch(/^[A-Za-z-]+_\d{2}-\d{4}\.pdf$/);
      }
    }

    for (const interactionType of ['bqa', 'bqaRecommendations']) {
      const res = await ctx.http.request(
        'GET',
        `/api/report/download/${token}?interactionType=${interactionType}&locale=DE_DE&anonymize=true`,
      );
      expect(res.statusCode).toBe(200);
      expect(leaks(res.headers['content-disposition'] as string)).toEqual([]);
      expect(res.headers['content-disposition']).toMatch(/filename="[\w-]+_\d{2}-\d{4}\.pdf"/);
      const { text, info } = pdfText(res.rawPayload, `anon-${interactionType}.pdf`);
      expect(text).toContain('Anonymisierte Person');
      expect(leaks(text)).toEqual([]);
      expect(leaks(info)).toEqual([]);
      // Not even the exact completion date in German notation.
      const [y, m, d] = filledDay.split('-');
      expect(text).not.toContain(`${d}.${m}.${y}`);
      expect(info).toMatch(/^Title:.*Anonymisierte Person$/m);
      // The uncompressed parts of the file too (info dictionary, link annotations), beyond what poppler prints.
      expect(leaks(res.rawPayload.toString('latin1'))).toEqual([]);
    }

    // The named report still names the client; the adviser's note is in neither (decision 0030).
    const named = (await ctx.http.request('GET', `/api/report/content/bqa/${token}?locale=EN_UK`)).json();
    expect(named.instanceToken).toBe(token);
    expect(named.client.displayName).toBe('Ottilie Quastenberg');
    expect(named.risk.consistency.discussedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.stringify(named)).not.toContain('accepts class 3');
  });

  it('lists recommendations that follow from the profile, the review last', async () => {
    const ctx = await adviser(['BQ_ADVISORY_BANK']);
    const { token } = await finishedResult(ctx, 'BQ_ADVISORY_BANK', { seed: 5 });
    await unlock(ctx.http, token);
    const res = await anonymous().request(
      'GET',
      `/api/report/content/bqa/recommendations/${token}?locale=EN_US`,
    );
    expect(res.statusCode).toBe(200);
    const content = res.json();
    expect(content.reportType).toBe('bqaRecommendations');
    const keys = content.recommendations.map((r: { key: string }) => r.key);
    expect(keys[0]).toBe('portfolio');
    expect(keys.at(-1)).toBe('review');
    expect(keys).toContain('style'); // the bank product predicts an investment style
    expect(content.recommendations[0].title).toContain(String(content.risk.suitableClass));
    expect(content.recommendations[0].text).toContain(
      `${Math.round(content.risk.portfolio.equityShare * 100)}%`,
    );
  });
});

describe('PDF download', () => {
  it('downloads a German A4 report with the client name, German labels and a spec file name; Letter when asked', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token } = await finishedResult(ctx, 'BQ_RISK', { seed: 6 });
    await unlock(ctx.http, token);
    const res = await ctx.http.request(
      'GET',
      `/api/report/download/${token}?interactionType=bqa&locale=DE_DE&pageFormat=A4`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Risikoprofil-Bericht_Mueller_Juergen_\d{2}-\d{2}-\d{4}\.pdf"; filename\*=UTF-8''/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, info } = pdfText(res.rawPayload, 'de-a4.pdf');
    expect(text).toContain('Jürgen Müller');
    expect(text).toContain('Risikoprofil-Bericht');
    expect(text).toMatch(/Seite 1 von \d/);
    expect(info).toMatch(/Page size:\s+595(\.\d+)? x 841(\.\d+)? pts/);

    const letter = await anonymous().request(
      'GET',
      `/api/report/download/${token}?interactionType=bqa&locale=EN_US&pageFormat=LETTER`,
    );
    expect(letter.statusCode).toBe(200);
    const us = pdfText(letter.rawPayload, 'us-letter.pdf');
    expect(us.info).toMatch(/Page size:\s+612 x 792 pts/);
    expect(us.text).toMatch(/Page 1 of \d/);
    expect(letter.headers['content-disposition']).toMatch(/_\d{2}-\d{2}-\d{4}\.pdf"/);
  });

  it('prints the risk verdict with the reason of each limit and the suitability statement; anonymised without the personal details', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const definition = definitionForProduct('BQ_RISK');
    // A client with a long horizon whose money is partly borrowed and who fails the bond question.
    const answers: Record<string, number | string> = {};
    for (const item of definition.items) {
      if (item.type === 'choice') answers[item.key] = item.dimension === null ? item.options[0]!.key : item.options.at(-1)!.key;
      else answers[item.key] = item.reverse ? 2 : 4;
    }
    Object.assign(answers, {
      knowledge_check_1: 'rises',
      knowledge_check_2: 'risk_spread',
      knowledge_check_3: 'can_halve',
      borrowing: 'some',
      age_band: 'a45to59',
      amount_band: 'k50to250k',
      loss_money: 'k25to50k',
      loss_percent: 'p30',
      self_estimate: 5,
    });
    const { token } = await finishedResult(ctx, 'BQ_RISK', { seed: 9, answers });
    await unlock(ctx.http, token);
    const risk = (await ctx.http.request('GET', `/api/report/content/bqa/${token}?locale=DE_DE`)).json().risk;
    expect(risk.caps.map((c: { key: string }) => c.key)).toEqual(['borrowing', 'knowledge_test']);
    const res = await ctx.http.request('GET', `/api/report/download/${token}?interactionType=bqa&locale=DE_DE&pageFormat=A4`);
    expect(res.statusCode).toBe(200);
    const flat = pdfText(res.rawPayload, 'de-verdict.pdf').text.replace(/\s+/g, ' ');
    expect(flat).toContain('GEEIGNETE RISIKOKLASSE');
    // The client's report words the limits for the client (docs/decisions/0030).
    expect(flat).toContain('Geliehenes Geld: Sie haben „Ja, weniger als ein Viertel“ geantwortet, das erlaubt höchstens Klasse 5 – bestimmt Ihre Klasse');
    expect(flat).toContain('Wissensfragen: 1 von 3 wurden nicht richtig beantwortet, das erlaubt höchstens Klasse 5, bis Ihr Berater sie Ihnen erklärt hat');
    expect(flat).toContain('VOR EINER ANLAGE ZU ERKLÄREN');
    expect(flat).toContain('Anleihen und Rentenfonds: Der Kurs fällt, wenn die Zinsen steigen.');
    expect(flat).toContain('Ein Teil des Geldes, das Sie anlegen möchten, ist geliehen');
    expect(flat).toContain('Geeignetheitserklärung');
    expect(flat).toContain('Alter 45 bis 59');
    expect(flat).toContain('Frage: Anleihekurse und Zinsen Er steigt nicht richtig, Risikoklasse');
    expect(flat).toContain('Mindestanteil nach EU-Taxonomie Kein Mindestanteil');
    const anonymised = await ctx.http.request('GET', `/api/report/download/${token}?interactionType=bqa&locale=DE_DE&anonymize=true`);
    const anonymousText = pdfText(anonymised.rawPayload, 'de-verdict-anon.pdf').text.replace(/\s+/g, ' ');
    expect(anonymousText).toContain('Geeignetheitserklärung');
    expect(anonymousText).toContain('Persönliche Angaben (Alter, abhängige Personen, Lebensumstände) sind im anonymisierten Bericht nicht enthalten.');
    expect(anonymousText).not.toContain('45 bis 59');
  });

  it('downloads an anonymised PDF without the name', async () => {
    const ctx = await adviser(['BQ_SELECTION']);
    const { token } = await finishedResult(ctx, 'BQ_SELECTION', { seed: 7, locale: 'EN_UK' });
    await unlock(ctx.http, token);
    const res = await ctx.http.request(
      'GET',
      `/api/report/download/${token}?interactionType=bqp&locale=EN_UK&anonymize=true`,
    );
    expect(res.statusCode).toBe(200);
    const { text } = pdfText(res.rawPayload, 'anon.pdf');
    expect(text).not.toMatch(/Müller|Jürgen/);
    expect(res.headers['content-disposition']).not.toMatch(/Mueller/);
  });

  it('prints a client name with emoji with the embedded fonts only: no Helvetica, a visible substitute for what they lack', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token } = await finishedResult(ctx, 'BQ_RISK', { seed: 12, firstName: 'Lea 🌻', lastName: 'Weiß ❤️' });
    await unlock(ctx.http, token);
    const res = await ctx.http.request('GET', `/api/report/download/${token}?interactionType=bqa&locale=DE_DE`);
    expect(res.statusCode).toBe(200);
    const { text } = pdfText(res.rawPayload, 'emoji.pdf');
    expect(text).toContain('Lea \uFFFD Weiß ❤');
    const fonts = fontsOf(join(pdfDir, 'emoji.pdf'));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((font) => !font.embedded || !font.name.startsWith('DejaVuSans'))).toEqual([]);
  });

  it('refuses bad requests with JSON errors: no type, wrong type, locked', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token } = await finishedResult(ctx, 'BQ_RISK', { seed: 8 });
    const locked = await ctx.http.request('GET', `/api/report/download/${token}?interactionType=bqa`);
    expect(locked.statusCode).toBe(402);
    expect(locked.json().errorKey).toBe('error.result.locked');
    await unlock(ctx.http, token);
    const missing = await ctx.http.request('GET', `/api/report/download/${token}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorKey).toBe('error.validation');
    expect(
      (await ctx.http.request('GET', `/api/report/download/${token}?interactionType=pdf`)).statusCode,
    ).toBe(400);
    expect(
      (await ctx.http.request('GET', `/api/report/download/${token}?interactionType=bqa&pageFormat=A5`))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.http.request('GET', `/api/report/download/${token}?interactionType=certificate`)).json()
        .errorKey,
    ).toBe('error.certificate.not_available');
  });

  it('renders inline for a preview and makes a sample self-assessment report', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token } = await finishedResult(ctx, 'BQ_RISK', { seed: 9 });
    await unlock(ctx.http, token);
    const inline = await anonymous().request(
      'GET',
      `/api/render/report/${token}?interactionType=bqaRecommendations&locale=DE_DE`,
    );
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    expect(pdfText(inline.rawPayload, 'reco.pdf').text).toContain('Profil regelmäßig überprüfen');

    const sample = await anonymous().request('POST', '/api/selfassessment/sampleReport', {
      locale: 'DE_DE',
      pageFormat: 'A4',
    });
    expect(sample.statusCode).toBe(200);
    expect(pdfText(sample.rawPayload, 'sample.pdf').text).toContain('Alex Beispiel');
    expect(
      (await anonymous().request('POST', '/api/selfassessment/sampleReport', { locale: 'FR_FR' })).statusCode,
    ).toBe(400);
  });
});

describe('certificates', () => {
  it('issues one certificate per BQP result, verifiable by anyone, revocable by the issuing account only', async () => {
    const ctx = await adviser(['BQ_SELECTION']);
    const other = await adviser(['BQ_SELECTION']);
    const { token, id } = await finishedResult(ctx, 'BQ_SELECTION', {
      seed: 11,
      firstName: 'Zoë',
      lastName: 'Ärmel',
    });
    expect(
      (await anonymous().request('GET', `/api/report/content/bqp/certificate/${token}`)).statusCode,
    ).toBe(402);
    await unlock(ctx.http, token);

    const [first, second] = await Promise.all([
      anonymous().request('GET', `/api/report/content/bqp/certificate/${token}?locale=EN_US`),
      anonymous().request('GET', `/api/certificate/verificationLink/${token}`),
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'VALID',
      holder: { firstName: 'Zoë', lastName: 'Ärmel' },
      canManage: false,
    });
    const link = second.json();
    expect(link.verificationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.json().verificationUrl).toBe(link.verificationUrl);
    expect(link.verificationUrl).toMatch(new RegExp(`/verify/certificate/${link.verificationToken}$`));
    expect(await t.db.select().from(certificates).where(eq(certificates.instanceId, id))).toHaveLength(1);
    expect(
      (await ctx.http.request('GET', `/api/report/content/bqp/certificate/${token}`)).json().canManage,
    ).toBe(true);

    const valid = await anonymous().request(
      'GET',
      `/api/verification/certificate/${link.verificationToken}?locale=DE_DE`,
    );
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toMatchObject({ status: 'VALID', holderName: 'Zoë Ärmel', revokedAt: null });

    const pdf = await anonymous().request(
      'GET',
      `/api/report/download/${token}?interactionType=certificate&locale=EN_US`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload, 'certificate.pdf').text).toContain(link.verificationToken);
    // Its QR code, scanned off the printed page, opens the same verification page.
    expect(scanQrCode(join(pdfDir, 'certificate.pdf'))).toBe(link.verificationUrl);

    // Unknown and near-miss tokens are not valid; they do not reveal anything.
    const unknown = await anonymous().request(
      'GET',
      `/api/verification/certificate/${link.verificationToken.slice(0, -1)}x`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorKey).toBe('error.certificate.not_found');

    // Revoking: not without a session, not by another account, then by the adviser, for good.
    expect((await anonymous().request('POST', `/api/certificate/${token}/revoke`, {})).statusCode).toBe(401);
    expect((await other.http.request('POST', `/api/certificate/${token}/revoke`, {})).statusCode).toBe(404);
    const revoked = await ctx.http.request('POST', `/api/certificate/${token}/revoke`, {});
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('REVOKED');
    const after = (
      await anonymous().request('GET', `/api/verification/certificate/${link.verificationToken}`)
    ).json();
    expect(after).toMatchObject({ status: 'REVOKED', holderName: null });
    expect(after.revokedAt).not.toBeNull();
    const revokedPdf = await anonymous().request(
      'GET',
      `/api/report/download/${token}?interactionType=certificate&locale=DE_DE`,
    );
    expect(pdfText(revokedPdf.rawPayload, 'revoked.pdf').text).toMatch(/WIDERRUFEN|widerrufen/);
  });

  it('has no certificate for BQA results', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token } = await finishedResult(ctx, 'BQ_RISK', { seed: 12 });
    await unlock(ctx.http, token);
    const res = await anonymous().request('GET', `/api/report/content/bqp/certificate/${token}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorKey).toBe('error.certificate.not_available');
  });
});

describe('auto report and mailed download links', () => {
  it('queues one report mail when a locked result is unlocked; the link downloads until it expires', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token, id } = await finishedResult(ctx, 'BQ_RISK', { seed: 13, autoSendReport: true });
    // Locked: nothing is sent before the adviser opens the result.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.instanceId, id))).toHaveLength(0);
    await unlock(ctx.http, token);
    await unlock(ctx.http, token);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.instanceId, id), eq(mailOutbox.kind, 'REPORT')));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.locale).toBe('DE_DE');
    const link = /\/report\/(rdl_[A-Za-z0-9_-]+)\/download/.exec(mail.textBody);
    expect(link).not.toBeNull();
    const downloadToken = link![1]!;

    const info = await anonymous().request('GET', `/api/report/download/${downloadToken}/info`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      interactionType: 'bqa',
      locale: 'DE_DE',
      pageFormat: 'A4',
      clientFirstName: 'Jürgen',
      clientLastName: 'Müller',
    });
    const pdf = await anonymous().request('GET', `/api/report/download/${downloadToken}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload, 'mailed.pdf').text).toContain('Jürgen Müller');
    const [stored] = await t.db
      .select()
      .from(reportDownloadTokens)
      .where(eq(reportDownloadTokens.instanceId, id));
    expect(stored!.downloadCount).toBe(1);
    expect(stored!.tokenHash).not.toContain(downloadToken); // only the hash is stored

    await t.db
      .update(reportDownloadTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportDownloadTokens.id, stored!.id));
    const expired = await anonymous().request('GET', `/api/report/download/${downloadToken}/info`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errorKey).toBe('error.auto_report.expired');
    expect((await anonymous().request('GET', `/api/report/download/${downloadToken}`)).statusCode).toBe(410);
    expect(
      (await anonymous().request('GET', `/api/report/download/rdl_${'x'.repeat(43)}/info`)).statusCode,
    ).toBe(404);
  });

  it('queues the report mail with the calculation when the result is open at once (trial), and none when auto report is off', async () => {
    const ctx = await adviser(['BQ_ADVISORY_WEALTH']);
    // The wealth product on the TRIAL plan opens results without a credit.
    await t.db
      .update(productConfigurations)
      .set({ planType: 'TRIAL' })
      .where(eq(productConfigurations.id, ctx.config('BQ_ADVISORY_WEALTH')));
    const on = await finishedResult(ctx, 'BQ_ADVISORY_WEALTH', {
      seed: 14,
      autoSendReport: true,
      locale: 'EN_US',
    });
    const off = await finishedResult(ctx, 'BQ_ADVISORY_WEALTH', { seed: 15, autoSendReport: false });
    const [instance] = await t.db
      .select()
      .from(interactionInstances)
      .where(eq(interactionInstances.id, on.id));
    expect(instance!.lockStatus).toBe('TRIAL');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.instanceId, on.id));
    expect(mails.map((m) => [m.kind, m.locale])).toEqual([['REPORT', 'EN_US']]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.instanceId, off.id))).toHaveLength(0);
    const [link] = await t.db
      .select()
      .from(reportDownloadTokens)
      .where(eq(reportDownloadTokens.instanceId, on.id));
    expect(link!.pageFormat).toBe('LETTER');
  });

  it('e-mails the report by hand, again later with a new link, once for a double click; refuses locked and foreign results', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token, id } = await finishedResult(ctx, 'BQ_RISK', { seed: 19, autoSendReport: false, locale: 'EN_UK' });
    const send = (http: TestClient, instanceToken: string) => http.request('POST', `/api/instance/${instanceToken}/report/email`);
    const reportMails = () =>
      t.db.select().from(mailOutbox).where(and(eq(mailOutbox.instanceId, id), eq(mailOutbox.kind, 'REPORT'))).orderBy(mailOutbox.createdAt);

    const locked = await send(ctx.http, token);
    expect(locked.statusCode).toBe(402);
    expect(locked.json().errorKey).toBe('error.result.locked');
    await unlock(ctx.http, token);

    const [first, doubleClick] = await Promise.all([send(ctx.http, token), send(ctx.http, token)]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ sentTo: expect.stringMatching(/@example\.com$/), reportSentAt: expect.any(String) });
    expect(doubleClick.json()).toEqual(first.json());
    expect(await reportMails()).toHaveLength(1);
    expect((await ctx.http.request('GET', `/api/instance/${token}`)).json().reportSentAt).toBe(first.json().reportSentAt);

    // Later (the repeat window has passed): a second mail with its own link, both links work.
    await t.db.update(interactionInstances).set({ reportSentAt: new Date(Date.now() - 60_000) }).where(eq(interactionInstances.id, id));
    const again = await send(ctx.http, token);
    expect(again.statusCode).toBe(200);
    const mails = await reportMails();
    expect(mails.map((m) => m.locale)).toEqual(['EN_UK', 'EN_UK']);
    const links = mails.map((m) => /\/report\/(rdl_[A-Za-z0-9_-]+)\/download/.exec(m.textBody)![1]!);
    expect(new Set(links).size).toBe(2);
    for (const link of links) expect((await anonymous().request('GET', `/api/report/download/${link}/info`)).statusCode).toBe(200);

    const other = await adviser(['BQ_RISK']);
    for (const instanceToken of [token, 'does-not-exist']) {
      const res = await send(other.http, instanceToken);
      expect(res.statusCode).toBe(404);
      expect(res.json().errorKey).toBe('error.not_found');
    }
    expect((await anonymous().request('POST', `/api/instance/${token}/report/email`)).statusCode).toBe(401);
    expect((await ctx.http.request('POST', `/api/instance/${token}/report/email`, undefined, { 'x-source': '' })).statusCode).toBe(403);
    expect(await reportMails()).toHaveLength(2);
  });

  it('sends the report of an already open result when auto report is switched on, once however often it is switched', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const locked = await finishedResult(ctx, 'BQ_RISK', { seed: 16, autoSendReport: false });
    const reportMails = (id: string) =>
      t.db.select().from(mailOutbox).where(and(eq(mailOutbox.instanceId, id), eq(mailOutbox.kind, 'REPORT')));
    const switchReport = (token: string, on: boolean) =>
      ctx.http.request('PATCH', `/api/instance/${token}/auto_sends`, { autoSendReport: on });

    // Still locked: switching on sends nothing yet; the unlock will.
    const whileLocked = await switchReport(locked.token, true);
    expect(whileLocked.statusCode).toBe(200);
    expect(whileLocked.json()).toMatchObject({ autoSendReport: true, reportSentAt: null });
    expect(await reportMails(locked.id)).toHaveLength(0);

    // Open and switched off: nothing is sent by the unlock; switching on afterwards sends the report now.
    const open = await finishedResult(ctx, 'BQ_RISK', { seed: 17, autoSendReport: false });
    await unlock(ctx.http, open.token);
    expect(await reportMails(open.id)).toHaveLength(0);
    const switchedOn = await switchReport(open.token, true);
    expect(switchedOn.statusCode).toBe(200);
    expect(switchedOn.json().reportSentAt).toEqual(expect.any(String));
    expect((await reportMails(open.id)).map((m) => m.locale)).toEqual(['DE_DE']);
    await switchReport(open.token, false);
    const again = await switchReport(open.token, true);
    expect(again.json()).toMatchObject({ autoSendReport: true, reportSentAt: switchedOn.json().reportSentAt });
    expect(await reportMails(open.id)).toHaveLength(1);
    // Switching the reminder alone never sends a report.
    const other = await finishedResult(ctx, 'BQ_RISK', { seed: 18, autoSendReport: false });
    await unlock(ctx.http, other.token);
    await ctx.http.request('PATCH', `/api/instance/${other.token}/auto_sends`, { autoReminder: false });
    expect(await reportMails(other.id)).toHaveLength(0);
  });
});
