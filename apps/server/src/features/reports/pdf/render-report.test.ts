// The PDF renderer end to end: realistic contents rendered to files, then read back with poppler (pdftotext,
// pdfinfo) the way a reader or a search index sees them: names with umlauts, the euro sign, German number and
// date formats, translated labels, page numbers, paper sizes, anonymisation and the certificate's status.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageFormat } from '@bq/contracts/reports';
import { LOCALES } from '@bq/domain/locales';
import { REPORT_LABEL_KEYS, translator } from './labels';
import { embeddedCoverage, SUBSTITUTE } from './printable-text';
import { renderCertificatePdf, renderReportPdf } from './render-report';
import {
  anonymizedGermanReport,
  britishHistoryReport,
  certificate,
  englishBqpReport,
  germanBqaReport,
  projectionReport,
  recommendationsReport,
  reportTexts,
  REAL_CLIENT,
  VERIFICATION_URL,
} from './test-content';

const RENDER_TIMEOUT = 60_000;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bq-pdf-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The API tests fail on any console.error; rendering a PDF must not print React or react-pdf warnings.
const consoleCalls: unknown[][] = [];
beforeEach(() => {
  consoleCalls.length = 0;
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleCalls.push(args));
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(consoleCalls).toEqual([]);
});

/** The fonts a PDF uses, as pdffonts lists them (name and whether embedded). */
function fontsOf(file: string): { name: string; embedded: boolean }[] {
  return execFileSync('pdffonts', [file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      return { name: columns[0]!, embedded: columns[columns.length - 5] === 'yes' };
    });
}

interface ReadBack {
  text: string;
  /** The text with every run of white space as one space, for phrases that a line break may split. */
  flat: string;
  pages: number;
  /** "595.28 x 841.89" as pdfinfo prints it. */
  size: string;
}

/** Writes the PDF and reads it back; no-break spaces become spaces so assertions read naturally. */
function readBack(name: string, pdf: Buffer): ReadBack {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  }).replaceAll('\u00a0', ' ');
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const size = /^Page size:\s+([\d.]+ x [\d.]+) pts/m.exec(info)?.[1] ?? '';
  return { text, flat: text.replace(/\s+/g, ' '), pages, size };
}

/** The text of one page, in reading order. */
function pageText(file: string, page: number): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-'], {
    encoding: 'utf8',
  }).replaceAll('\u00a0', ' ');
}

/** The QR codes a phone would read off the first page: rasterised by poppler (pdftoppm), decoded by jsQR. */
function scanQrCodes(file: string): string[] {
  const image = file.replace(/\.pdf$/, '-page1');
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, image]);
  const png = PNG.sync.read(readFileSync(`${image}.png`));
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return found ? [found.data] : [];
}

const SIZES: Record<PageFormat, { portrait: string; landscape: string }> = {
  A4: { portrait: '595.28 x 841.89', landscape: '841.89 x 595.28' },
  LETTER: { portrait: '612 x 792', landscape: '792 x 612' },
};

/** A label that is missing from content.texts shows up as its key; none may reach a client's document. */
const untranslated = (text: string) => text.match(/report\.[a-zA-Z]+\.[\w.]+/g) ?? [];

describe('renderReportPdf', () => {
  it(
    'renders a German BQA report with risk profile, history charts and prediction on A4',
    async () => {
      const pdf = readBack('de-bqa-a4', await renderReportPdf(germanBqaReport(), { pageFormat: 'A4' }));
      expect(pdf.size).toBe(SIZES.A4.portrait);
      expect(pdf.pages).toBeGreaterThanOrEqual(3);
      const { text, flat } = pdf;
      // Page 1 carries the verdict: the suitable class and its model portfolio (the risk section follows the cover).
      const page1 = pageText(join(dir, 'de-bqa-a4.pdf'), 1);
      expect(page1).toContain('GEEIGNETE RISIKOKLASSE');
      expect(page1).toContain('Klasse 3 von 7');
      expect(page1).toContain('MODELLPORTFOLIO FÜR KLASSE 3');
      expect(page1).toMatch(/US-Aktien 25 %\s+US-Staatsanleihen 55 %\s+Geldmarktnah 20 %/);
      expect(page1).toContain('Risikoprofil');
      expect(page1).not.toContain('Ergebnisse nach Dimension');
      // Header, cover and footer.
      expect(text).toContain('Jürgen Müller');
      expect(text).toContain('Privatbank Südwest AG · Vertraulich');
      expect(text).toContain('Sabine Köhler');
      expect(text).toContain('03.04.2026');
      expect(text).toContain(`Seite 1 von ${pdf.pages}`);
      expect(text).toContain(`Seite ${pdf.pages} von ${pdf.pages}`);
      // Dimensions with German labels and decimal commas.
      expect(text).toContain('Ergebnisse nach Dimension');
      expect(text).toMatch(/T-WERT\s+95-%-BAND\s+STANINE\s+PROZENTRANG/);
      expect(text).toContain('64,7');
      expect(text).toContain('58,0–71,4');
      expect(text).toContain('8 von 9');
      expect(flat).toContain('Hoch: Nimmt deutliche Wertschwankungen');
      // Risk profile.
      expect(text).toContain('GEEIGNETE RISIKOKLASSE');
      expect(text).toContain('Klasse aus Ihrer Risikobereitschaft: Klasse 6 von 7');
      expect(text).toContain('Ihre eigene Einschätzung: Klasse 6 von 7');
      // Addressed to the client (decision 0030): each limit with its reason, the one that sets the class marked;
      // what the adviser will explain; what the adviser takes into account; the difference of the own estimate.
      expect(flat).toContain('Anlagehorizont: Sie haben „1 bis 3 Jahre“ geantwortet, das erlaubt höchstens Klasse 3 – bestimmt Ihre Klasse');
      expect(flat).toContain('Wissensfragen: 2 von 3 wurden nicht richtig beantwortet');
      expect(text).toContain('VOR EINER ANLAGE ZU ERKLÄREN');
      expect(flat).toContain('Anleihen und Rentenfonds: Der Kurs fällt, wenn die Zinsen steigen.');
      expect(text).toContain('WAS IHR BERATER BERÜCKSICHTIGT');
      expect(text).toContain('Ihre eigene Einschätzung weicht von Ihren Antworten ab');
      expect(flat).toContain('Sie sehen sich selbst bei Klasse 6, 3 Klassen über der geeigneten Klasse 3');
      expect(flat).not.toContain('Prüfung nötig');
      // The suitability statement: the answers by topic, graded knowledge questions, what fed the class.
      expect(text).toContain('Geeignetheitserklärung');
      expect(text).toContain('Zur Person');
      expect(flat).toMatch(/Großteil des Geldes benötigt in 1 bis 3 Jahre Risikoklasse/);
      expect(flat).toMatch(/Frage: Anleihekurse und Zinsen Er steigt nicht richtig, Risikoklasse/);
      expect(flat).toContain('Mindestanteil nach EU-Taxonomie Mindestens 10 %');
      expect(text).toContain('Beträge in der Währung, in der der Kunde anlegt.');
      // That the adviser went through it with the client, when; the adviser's note itself is not the client's.
      expect(flat).toContain('Mit Ihrem Berater besprochen: 20.11.2026.');
      expect(flat).not.toContain('Wir bleiben bei Klasse 3');
      expect(flat).not.toContain('halten Sie vor der Beratung fest');
      expect(text).toContain('US-Aktien 25 %');
      expect(text).toContain('US-Staatsanleihen 55 %');
      expect(text).toContain('Geldmarktnah 20 %');
      // What the figures are: US equities and Treasuries, total return, US dollars, nominal unless marked real.
      expect(flat).toContain('US-Aktien (S&P 500, Dividenden wieder angelegt) und 10-jährige US-Staatsanleihen');
      expect(flat).toContain('Gesamtrendite in US-Dollar, nominal');
      expect(text).toContain('Rendite pro Jahr, nominal, in US-Dollar');
      // The PRIIPs-way market-risk class beside the profile class, named for what it is.
      expect(flat).toContain('Marktrisikoklasse des Modellportfolios (PRIIPs-Methode): 3 von 7');
      expect(flat).toContain('nicht der Gesamtrisikoindikator eines Produkts');
      // Charts I-IV, the table and the dollar amounts of the value summary: never a euro sign on dollar figures.
      expect(text).toContain('Diagramm I – 1 Jahr');
      expect(text).toContain('Diagramm III – 10 Jahre');
      expect(text).toContain('Diagramm IV – Wertentwicklung');
      expect(text).toContain('-18,2 %');
      expect(text).toContain('+26,4 %');
      expect(text).toContain('Juni 1931 – Juni 1932');
      expect(text).toContain('100.000');
      expect(flat).toMatch(
        /100 US\$, im Januar 1871 im Modellportfolio angelegt, wären im Januar 2026 nominal [\d.]+ US\$ wert gewesen/,
      );
      expect(text).not.toContain('€');
      // The largest drawdown from every month, and the real (CPI-deflated) view.
      expect(flat).toContain('Größter Rückgang von einem vorherigen Höchststand, über jeden Monat gemessen: -27,8 %');
      expect(flat).toContain('September 1929 bis Juni 1932');
      expect(text).toContain('Nach Inflation (real)');
      expect(flat).toContain('Schlechteste und beste Rendite pro Jahr nach Inflation (real)');
      expect(flat).toContain('-42,9 % (Dezember 1915 bis Juni 1920)');
      expect(text).not.toContain('Hochrechnung');
      // Prediction and evidence.
      // The indication: rule-based, within the suitable class, no probability, the capped style named.
      expect(text).toContain('Anlagestil');
      expect(text).toContain('Regelbasierter Hinweis');
      expect(flat).toContain('NACH DEN REGELN AM BESTEN PASSEND Ertrag');
      expect(flat).toContain(
        'Die Antworten allein weisen auf „Ausgewogen“, das Risikoklasse 4 oder höher voraussetzt; die geeignete Risikoklasse ist 3, daher bleibt der Hinweis bei „Ertrag“.',
      );
      expect(flat).toContain('1. Ausgewogen setzt Risikoklasse 4 oder höher voraus: über der geeigneten Klasse 3');
      expect(flat).toContain('Risikobereitschaft spricht für „Ertrag“.');
      expect(flat).not.toMatch(/Wahrscheinlichkeit \d/);
      expect(flat).toContain('Keine statistische Prognose');
      expect(text).toContain('Normen 2026.1 (vorläufig)');
      expect(flat).toContain('Fingerabdruck der Antworten 3f2a9c1b7d4e');
      expect(text).not.toContain('3f2a9c1b7d4e5');
      expect(untranslated(text)).toEqual([]);
      // Only the bundled DejaVu faces, embedded: no fallback to a base font that lacks umlauts or the euro sign.
      const fonts = fontsOf(join(dir, 'de-bqa-a4.pdf'));
      expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
        'DejaVuSans',
        'DejaVuSans-Bold',
        'DejaVuSans-Oblique',
      ]);
      expect(fonts.every((font) => font.embedded)).toBe(true);
    },
    RENDER_TIMEOUT,
  );

  it('ends the suitability statement with the client\'s current portfolio against the profile (decision 0091)', async () => {
    const report = germanBqaReport();
    const portfolio = {
      asOf: '2026-11-30',
      verdict: 'ABOVE' as const,
      portfolioClass: 7,
      suitableClass: 3,
      verdictText: 'Portfolio zum 30.11.2026: über dem Profil; es ist riskanter als geeignet (Klasse 7, geeignet ist Klasse 3).',
      sentence: 'In den schlechtesten 12 Monaten seit 1871 hat dieses Portfolio 62 % verloren; Ihr Profil erlaubt 18 %.',
    };
    const { flat } = readBack('de-bqa-portfolio', await renderReportPdf({ ...report, suitability: { ...report.suitability!, portfolio } }, { pageFormat: 'A4' }));
    expect(flat.toLowerCase()).toContain('das aktuelle portfolio des kunden');
    expect(flat).toContain(portfolio.verdictText);
    expect(flat).toContain(portfolio.sentence);
  }, RENDER_TIMEOUT);

  it(
    'renders an English (US) BQP report on Letter with US dates and decimal points',
    async () => {
      const pdf = readBack(
        'en-bqp-letter',
        await renderReportPdf(englishBqpReport(), { pageFormat: 'LETTER' }),
      );
      expect(pdf.size).toBe(SIZES.LETTER.portrait);
      expect(pdf.text).toContain('Jürgen Müller');
      expect(pdf.text).toContain(`Page 1 of ${pdf.pages}`);
      expect(pdf.text).toContain('Harbor Street Talent Partners · Confidential');
      expect(pdf.text).toContain('02/14/2026');
      expect(pdf.text).toContain('Results by dimension');
      expect(pdf.text).toContain('68.2');
      expect(pdf.text).toContain('Norms 2025.4 (empirical)');
      expect(pdf.text).not.toContain('Risk profile');
      expect(untranslated(pdf.text)).toEqual([]);
    },
    RENDER_TIMEOUT,
  );

  it(
    'labels a risk section without market history as a projection and lists its assumptions',
    async () => {
      const pdf = readBack(
        'uk-projection-a4',
        await renderReportPdf(projectionReport(), { pageFormat: 'A4' }),
      );
      expect(pdf.flat).toContain('these figures are a projection from the stated assumptions');
      expect(pdf.text).toContain('Equities: expected return 7.0%, volatility 16.0%');
      expect(pdf.text).toContain('Bonds: expected return 3.5%, volatility 6.0%');
      expect(pdf.text).toContain('Correlation of equities and bonds: 0.10');
      expect(pdf.text).toContain('Cash-like part: expected return 2.5%, volatility 1.0%');
      expect(pdf.text).toContain('Annualised return (projection, nominal)');
      expect(pdf.text).not.toContain('Market-risk class');
      expect(pdf.text).toContain('Chart I – 1 year (projection)');
      expect(pdf.text).toContain('95th percentile');
      expect(pdf.text).toContain('Your own estimate: Not given');
      expect(pdf.text).not.toContain('Chart IV');
      expect(untranslated(pdf.text)).toEqual([]);
    },
    RENDER_TIMEOUT,
  );

  it(
    'writes the history in US dollars in a UK report (no euro sign) and says what it is: nominal, then real',
    async () => {
      const pdf = readBack('uk-history-a4', await renderReportPdf(britishHistoryReport(), { pageFormat: 'A4' }));
      expect(pdf.flat).toMatch(
        /US\$100 invested in the model portfolio in January 1871 would have been worth US\$[\d,]+ in January 2026 \(nominal\)/,
      );
      expect(pdf.text).not.toContain('€');
      expect(pdf.flat).toContain('US equities (S&P 500, dividends reinvested) and 10-year US Treasuries, total return in US dollars');
      expect(pdf.text).toContain('Annualised return, nominal, in US dollars');
      expect(pdf.flat).toContain('Largest fall from a previous high, over every month: -27.8% (September 1929 to June 1932)');
      // Where the figures end and why, in the client's words (issue 37 point 3).
      expect(pdf.flat).toContain(
        'The figures end in June 2023: for later months the data source is missing dividends or interest rates (its file runs to June 2026), so those months are left out rather than estimated.',
      );
      expect(pdf.flat).not.toContain('end of the history');
      expect(pdf.text).toContain('After inflation (real)');
      expect(pdf.flat).toContain('After US inflation, the same US$100 would have been worth');
      expect(pdf.flat).toContain('Market-risk class of the model portfolio (PRIIPs method): 3 of 7');
      expect(pdf.flat).toContain('VaR-equivalent volatility 5.2% from the monthly returns June 2018 – June 2023');
      expect(untranslated(pdf.text)).toEqual([]);
    },
    RENDER_TIMEOUT,
  );

  it(
    'renders the recommendations as numbered blocks with the profile behind them',
    async () => {
      const content = recommendationsReport();
      const pdf = readBack('uk-recommendations-a4', await renderReportPdf(content, { pageFormat: 'A4' }));
      expect(pdf.text).toContain('Recommendations');
      content.recommendations.forEach((recommendation, i) => {
        expect(pdf.flat).toContain(`${i + 1} ${recommendation.title}`);
      });
      expect(pdf.text).toContain('Profile at a glance');
      expect(pdf.flat).toContain('Capacity for loss: your score of 2.4 of 5 allows at most class 3 – sets your class');
      const page1 = pageText(join(dir, 'uk-recommendations-a4.pdf'), 1);
      expect(page1).toContain('SUITABLE RISK CLASS');
      expect(page1).toMatch(/US equities 25%\s+US Treasuries 55%\s+Cash-like 20%/);
      expect(pdf.text).toContain('Oliver Bennett');
      expect(pdf.text).toContain('03/04/2026');
      expect(untranslated(pdf.text)).toEqual([]);
    },
    RENDER_TIMEOUT,
  );

  it(
    'never shows the real name, a token, the fingerprint or an exact date in an anonymised report',
    async () => {
      const named = germanBqaReport();
      const pdf = readBack(
        'de-anonymized-a4',
        await renderReportPdf(anonymizedGermanReport(), { pageFormat: 'A4' }),
      );
      expect(pdf.text).not.toContain(REAL_CLIENT.firstName);
      expect(pdf.text).not.toContain(REAL_CLIENT.lastName);
      expect(pdf.text).toContain('Kunde');
      expect(pdf.flat).toContain('Anonymisierte Fassung');
      // Dates to the month, with wording that fits a month.
      expect(pdf.text).toContain('AUSGEFÜLLT IM');
      expect(pdf.text).toContain('April 2026');
      expect(pdf.flat).toContain('Mit Ihrem Berater besprochen: November 2026.');
      expect(pdf.flat).toContain('berechnet im April 2026');
      expect(pdf.text).not.toMatch(/\d{2}\.\d{2}\.2026/);
      // No reference token (it opens the named report) and no answers fingerprint.
      expect(pdf.text).not.toContain(named.instanceToken!);
      expect(pdf.text).not.toContain('Referenz');
      expect(pdf.text).not.toContain(named.evidence.answersHash.slice(0, 12));
      expect(pdf.text).not.toContain('Fingerabdruck');
      // The PDF's metadata carries the title with the display name, so it must be anonymised too.
      const info = execFileSync('pdfinfo', [join(dir, 'de-anonymized-a4.pdf')], { encoding: 'utf8' });
      expect(info).not.toContain('Müller');
      expect(info).toMatch(/^Title:\s+Bericht zur Anlageberatung – Kunde$/m);
    },
    RENDER_TIMEOUT,
  );

  it(
    'renders a name and a remark with emoji and CJK: only the embedded DejaVu faces, every character one they draw',
    async () => {
      const report = germanBqaReport();
      const content = {
        ...report,
        client: { firstName: 'Zoë 🌻', lastName: 'Schmidt-Ørsted 王', displayName: 'Zoë 🌻 Schmidt-Ørsted 王' },
        accountName: 'Privatbank Südwest AG 🏦',
        risk: { ...report.risk!, remarks: ['Besprochen 👍🏽, Familie 👨‍👩‍👧 einverstanden ❤️ – 1.000 €.'] },
      };
      const pdf = readBack('de-emoji-a4', await renderReportPdf(content, { pageFormat: 'A4' }));
      const fonts = fontsOf(join(dir, 'de-emoji-a4.pdf'));
      expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).not.toContain('Helvetica');
      expect(fonts.every((font) => font.name.includes('DejaVuSans') && font.embedded)).toBe(true);
      // One visible substitute per character the fonts lack; what they have (umlauts, Ø, ❤, €) stays.
      expect(pdf.text).toContain(`Zoë ${SUBSTITUTE} Schmidt-Ørsted ${SUBSTITUTE}`);
      expect(pdf.text).toContain(`Privatbank Südwest AG ${SUBSTITUTE}`);
      expect(pdf.flat).toContain(`Besprochen ${SUBSTITUTE}, Familie ${SUBSTITUTE} einverstanden ❤ – 1.000 €.`);
      // No box: every character in the file is one all four faces draw.
      const covered = embeddedCoverage();
      const undrawable = [...pdf.text].filter((char) => !/\s/.test(char) && !covered.has(char.codePointAt(0)!));
      expect(undrawable).toEqual([]);
    },
    RENDER_TIMEOUT,
  );

  it(
    'renders the German report on Letter and the English one on A4 as asked',
    async () => {
      const german = readBack(
        'de-bqa-letter',
        await renderReportPdf(germanBqaReport(), { pageFormat: 'LETTER' }),
      );
      expect(german.size).toBe(SIZES.LETTER.portrait);
      expect(german.text).toContain(`Seite 1 von ${german.pages}`);
      const english = readBack('en-bqp-a4', await renderReportPdf(englishBqpReport(), { pageFormat: 'A4' }));
      expect(english.size).toBe(SIZES.A4.portrait);
      expect(english.text).toContain(`Page ${english.pages} of ${english.pages}`);
    },
    RENDER_TIMEOUT,
  );
});

describe('renderCertificatePdf', () => {
  it(
    'renders a valid certificate on one landscape A4 page with the holder and the verification URL',
    async () => {
      const pdf = readBack(
        'de-certificate-valid-a4',
        await renderCertificatePdf(certificate('VALID'), { pageFormat: 'A4' }),
      );
      expect(pdf.pages).toBe(1);
      expect(pdf.size).toBe(SIZES.A4.landscape);
      expect(pdf.text).toContain('Jürgen Müller');
      expect(pdf.text).toContain('TEILNAHMEBESCHEINIGUNG');
      expect(pdf.text).toContain('Fragebogen zur Arbeitsweise');
      expect(pdf.text).toContain('Analytisches Denken');
      expect(pdf.text).toContain('AUSSTELLUNGSDATUM');
      expect(pdf.text).toContain('15.02.2026');
      expect(pdf.flat).toContain(`Echtheit prüfen unter ${VERIFICATION_URL}`);
      expect(pdf.text).not.toContain('WIDERRUFEN');
      // The printed QR code, scanned from the page rendered at 150 dpi, opens the verification page.
      expect(scanQrCodes(join(dir, 'de-certificate-valid-a4.pdf'))).toEqual([VERIFICATION_URL]);
    },
    RENDER_TIMEOUT,
  );

  it(
    'marks a revoked certificate with the revocation date on Letter',
    async () => {
      const pdf = readBack(
        'en-certificate-revoked-letter',
        await renderCertificatePdf(certificate('REVOKED', 'EN_US'), { pageFormat: 'LETTER' }),
      );
      expect(pdf.pages).toBe(1);
      expect(pdf.size).toBe(SIZES.LETTER.landscape);
      expect(pdf.text).toContain('REVOKED on 05/12/2026');
      expect(pdf.flat).toContain('This certificate has been revoked and is no longer valid.');
      expect(pdf.text).toContain(VERIFICATION_URL);
      // A revoked one keeps its code: the page it opens says "not valid".
      expect(scanQrCodes(join(dir, 'en-certificate-revoked-letter.pdf'))).toEqual([VERIFICATION_URL]);
    },
    RENDER_TIMEOUT,
  );

  it(
    'says WIDERRUFEN on a revoked German certificate',
    async () => {
      const pdf = readBack(
        'de-certificate-revoked-a4',
        await renderCertificatePdf(certificate('REVOKED'), { pageFormat: 'A4' }),
      );
      expect(pdf.text).toContain('WIDERRUFEN am 12.05.2026');
    },
    RENDER_TIMEOUT,
  );
});

describe('REPORT labels', () => {
  const source = readdirSync(import.meta.dirname)
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('test') && f !== 'labels.ts')
    .map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'))
    .join('\n');

  it('are translated in all three locales, none empty', () => {
    for (const locale of LOCALES) {
      const texts = reportTexts(locale);
      const missing = REPORT_LABEL_KEYS.filter((key) => !texts[key]?.trim());
      expect(missing, locale).toEqual([]);
    }
  });

  it('lists exactly the keys the renderer uses', () => {
    expect(REPORT_LABEL_KEYS.filter((key) => !source.includes(`'${key}'`))).toEqual([]);
    const used = new Set(source.match(/'report\.[\w.]+'/g)?.map((quoted) => quoted.slice(1, -1)));
    expect([...used].filter((key) => !(REPORT_LABEL_KEYS as readonly string[]).includes(key))).toEqual([]);
  });

  it('leave the title and recommendation prefixes to the reports service', () => {
    expect(
      REPORT_LABEL_KEYS.filter(
        (key) => key.startsWith('report.title.') || key.startsWith('report.recommendation.'),
      ),
    ).toEqual([]);
  });

  it('fall back to the key when a text is missing and fill placeholders', () => {
    const t = translator({ 'report.page': 'Seite {{page}} von {{pages}}' });
    expect(t('report.page', { page: 2, pages: 7 })).toBe('Seite 2 von 7');
    expect(t('report.confidential')).toBe('report.confidential');
  });
});
