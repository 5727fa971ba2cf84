// Test data of the reports feature: a BQA report's content as the content endpoint answers it (in English or
// German, named or anonymised), a mailed link's info, and PDF responses streamed in chunks the test releases.
import type { TReportContent, TReportDownloadInfo } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { vi } from 'vitest';
import enUsReport from '../../../../server/src/features/translations/data/EN_US/REPORT.json';

const TEXTS: Record<'EN_US' | 'DE_DE', Record<string, string>> = {
  EN_US: {
    'report.cover.client': 'Prepared for',
    'report.cover.account': 'Prepared by',
    'report.cover.adviser': 'Adviser',
    'report.cover.contact': 'Contact person',
    'report.cover.completedAt': 'Completed on',
    'report.cover.completedIn': 'Completed in',
    'report.cover.anonymized': "Anonymized copy: the client's name has been removed.",
    'report.section.risk': 'Risk profile',
    'report.section.dimensions': 'Results by dimension',
    'report.section.recommendations': 'Recommendations',
    'report.risk.classOf': 'Class {{class}} of 7',
    'report.risk.binding': 'sets your class',
    'report.risk.explainTitle': 'To be explained before you invest',
    'report.section.suitability': 'Suitability statement',
    'report.suitability.usedInVerdict': 'risk class',
    'report.suitability.correct': 'correct',
    'report.suitability.incorrect': 'not correct',
    'report.suitability.personalOmitted': 'Personal details are left out of the anonymized report.',
    'report.risk.consistency.flagged': 'Your own estimate differs from your answers',
    'report.risk.consistency.discussed': 'Discussed with your advisor: {{date}}.',
    'report.dimension.stanine': 'Stanine',
    'report.dimension.stanineValue': '{{stanine}} of 9',
    'report.evidence.line':
      'Norms {{norm}} ({{normStatus}}) · Algorithm {{algorithm}} · Answers fingerprint {{hash}}',
    'report.evidence.lineAnonymized': 'Norms {{norm}} ({{normStatus}}) · Algorithm {{algorithm}} · Calculated in {{calculated}}',
    'report.evidence.normStatus.PROVISIONAL': 'provisional',
    // The shipped wording of the history's period and end, as the server sends it.
    'report.risk.basis.history': enUsReport['report.risk.basis.history'],
    'report.risk.basis.historyCut': enUsReport['report.risk.basis.historyCut'],
  },
  DE_DE: {
    'report.cover.client': 'Erstellt für',
    'report.section.risk': 'Risikoprofil',
    'report.risk.classOf': 'Klasse {{class}} von 7',
  },
};

export function reportContentOf(
  options: { locale?: Locale; anonymize?: boolean } = {},
  overrides: Partial<TReportContent> = {},
): TReportContent {
  const locale = options.locale ?? 'EN_US';
  const german = locale === 'DE_DE';
  return {
    reportType: 'bqa',
    locale,
    instanceToken: 'i1',
    productType: 'BQ_RISK',
    title: german ? 'Risikoprofil-Bericht' : 'Risk profile report',
    interactionName: german ? 'Risikoprofil-Fragebogen' : 'Risk profile questionnaire',
    client: options.anonymize
      ? { firstName: '', lastName: '', displayName: german ? 'Kunde' : 'Client' }
      : { firstName: 'Anna', lastName: 'Müller', displayName: 'Anna Müller' },
    anonymized: options.anonymize ?? false,
    accountName: 'Demo Advisory',
    adviserName: 'Maria Berger',
    adviserLabelKey: 'report.cover.adviser',
    completedAt: '2026-04-03T09:00:00Z',
    calculatedAt: '2026-04-03T09:00:05Z',
    evidence: {
      definitionVersion: 1,
      normVersion: '2026.1',
      normStatus: 'PROVISIONAL',
      algorithmVersion: '1.0.0',
      answersHash: '3f2a9c1b7d4e5f60718293a4b5c6d7e8',
    },
    dimensions: [
      {
        key: 'tolerance',
        name: german ? 'Risikobereitschaft' : 'Risk tolerance',
        description: 'How much fluctuation you accept.',
        lowLabel: 'cautious',
        highLabel: 'daring',
        computable: true,
        t: 56.2,
        band: { low: 50.1, high: 62.3 },
        stanine: 6,
        percentile: 73,
        level: 'AVERAGE',
        levelText: 'Average: neither particularly cautious nor daring.',
      },
      {
        key: 'capacity',
        name: 'Capacity for loss',
        description: '',
        lowLabel: 'low',
        highLabel: 'high',
        computable: false,
        t: null,
        band: null,
        stanine: null,
        percentile: null,
        level: null,
        levelText: '',
      },
    ],
    risk: {
      toleranceClass: 5,
      suitableClass: 3,
      caps: [
        {
          key: 'horizon',
          kind: 'ANSWER',
          name: 'Time horizon',
          maxClass: 3,
          binding: true,
          reason: 'Time horizon: you answered “1 to 3 years”, which allows at most class 2',
        },
      ],
      selfEstimate: 6,
      explainFirst: ['Bonds and bond funds: their price falls when interest rates rise.'],
      remarks: [],
      consistency: {
        flagged: true,
        reasons: ['You see yourself at class 6, 3 classes above the suitable class 3. The limits above are why the class is lower; your advisor will go through them with you.'],
        direction: 'ABOVE',
        discussedAt: '2026-04-05T09:15:00Z',
      },
      portfolio: { riskClass: 3, equityShare: 0.4, bondShare: 0.6, cashShare: 0 },
      section: {
        riskClass: 3,
        portfolio: { riskClass: 3, equityShare: 0.4, bondShare: 0.6, cashShare: 0 },
        basis: {
          kind: 'history',
          firstDate: '1871-01-01',
          lastDate: '2023-06-01',
          source: 'Shiller',
          assets: 'US_EQUITIES_US_TREASURIES_10Y',
          returnType: 'TOTAL_RETURN',
          currency: 'USD',
          marketData: {
            importId: '00000000-0000-4000-8000-000000000001',
            sha256: 'a'.repeat(64),
            importedAt: '2026-11-01T08:00:00.000Z',
            fileLastDate: '2026-06-01',
            gapPolicy: 'cut',
          },
        },
        real: null,
        marketRisk: {
          method: 'PRIIPS_CATEGORY_2_MRM',
          mrm: 3,
          vev: 0.071,
          from: '2018-06-01',
          to: '2023-06-01',
          observations: 60,
          holdingYears: 5,
        },
        computedAt: '2026-04-03T09:00:00.000Z',
        algorithmVersion: '2026.11.2',
        nominal: {
          maxDrawdown: null,
          volatility: null,
          minMax: [],
          lines: [],
          table: {
            rows: [
              {
                label: 'year1',
                worst: -0.312,
                best: 0.455,
                worstFrom: '1931-01-01',
                worstTo: '1932-01-01',
                bestFrom: '1933-06-01',
                bestTo: '1934-06-01',
              },
            ],
          },
        },
      },
    },
    suitability: {
      sections: [
        {
          key: 'objectives',
          title: 'Goals and time horizon',
          rows: [{ item: 'horizon_1', label: 'Most of the money needed in', answer: '1 to 3 years', usedInVerdict: true, assessment: null }],
        },
        {
          key: 'knowledge_experience',
          title: 'Knowledge and experience',
          rows: [{ item: 'knowledge_check_1', label: 'Question: bond prices and interest rates', answer: 'It rises', usedInVerdict: true, assessment: 'INCORRECT' }],
        },
      ],
      personalOmitted: false,
      portfolio: null,
    },
    prediction: null,
    recommendations: [],
    texts: TEXTS[german ? 'DE_DE' : 'EN_US'],
    fileName: 'Risk-profile-report_Mueller_Anna_04-03-2026.pdf',
    dashboardPath: null,
    ...(options.anonymize ? ANONYMISED : {}),
    ...overrides,
  };
}

/** What the server changes in an anonymised content besides the name: no token, no fingerprint, months, no notes. */
const ANONYMISED = {
  instanceToken: null,
  completedAt: '2026-04',
  calculatedAt: '2026-04',
  evidence: {
    definitionVersion: 1,
    normVersion: '2026.1',
    normStatus: 'PROVISIONAL',
    algorithmVersion: '1.0.0',
    answersHash: '',
  },
  fileName: 'Risk-profile-report_04-2026.pdf',
  dashboardPath: null,
} satisfies Partial<TReportContent>;

export function downloadInfoOf(overrides: Partial<TReportDownloadInfo> = {}): TReportDownloadInfo {
  return {
    interactionType: 'bqa',
    locale: 'EN_US',
    pageFormat: 'LETTER',
    clientFirstName: 'Anna',
    clientLastName: 'Müller',
    interactionName: 'Risk profile report',
    accountName: 'Demo Advisory',
    expiresAt: '2026-05-02T10:00:00Z',
    fileName: 'Risk-profile-report_Mueller_Anna_04-03-2026.pdf',
    ...overrides,
  };
}

/**
 * A PDF answer whose body arrives in two halves; the second only after `release()`, so a test can look at the
 * progress in between.
 */
export function gatedPdfResponse(headers: Record<string, string> = {}) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const half = new Uint8Array([37, 80, 68, 70]);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(half);
      await gate;
      controller.enqueue(half);
      controller.close();
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Length': '8', ...headers },
  });
  return { response, release: () => release() };
}

/** Stand-ins for the browser's object URLs (jsdom has none) and the anchor click that saves the file. */
export function stubFileSaving() {
  const saved: { href: string; download: string }[] = [];
  for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
    if (!(name in URL))
      Object.defineProperty(URL, name, { configurable: true, writable: true, value: () => '' });
  }
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  return saved;
}
