// Realistic report and certificate contents for the PDF tests and the PDF benchmark: every field of the contract,
// the labels from the shipped REPORT.json files, and each fixture parsed with the contract's schema so it cannot
// drift from what the reports service sends.
import { readFileSync } from 'node:fs';
import type { TRiskSection } from '@bq/contracts/dashboard';
import {
  ZCertificateContent,
  ZReportContent,
  type TCertificateContent,
  type TReportContent,
} from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';

export const REAL_CLIENT = { firstName: 'Jürgen', lastName: 'Müller' };
/** The German report's suitability statement: some of its rows, as the reports service resolves them. */
const GERMAN_STATEMENT = {
  sections: [
    {
      key: 'about_you',
      title: 'Zur Person',
      rows: [
        { item: 'age_band', label: 'Alter', answer: '45 bis 59', usedInVerdict: false, assessment: null },
        { item: 'dependants', label: 'Finanziell abhängige Personen', answer: 'Zwei Personen', usedInVerdict: false, assessment: null },
      ],
    },
    {
      key: 'objectives',
      title: 'Ziele und Anlagehorizont',
      rows: [
        { item: 'objective', label: 'Wichtigstes Ziel', answer: 'Moderates Wachstum mit begrenzten Schwankungen', usedInVerdict: true, assessment: null },
        { item: 'horizon_1', label: 'Großteil des Geldes benötigt in', answer: '1 bis 3 Jahre', usedInVerdict: true, assessment: null },
      ],
    },
    {
      key: 'knowledge_experience',
      title: 'Kenntnisse und Erfahrungen',
      rows: [
        { item: 'knowledge_shares', label: 'Erfahrung mit Aktien', answer: 'Ich investiere regelmäßig darin', usedInVerdict: true, assessment: null },
        { item: 'knowledge_check_1', label: 'Frage: Anleihekurse und Zinsen', answer: 'Er steigt', usedInVerdict: true, assessment: 'INCORRECT' },
        { item: 'knowledge_check_2', label: 'Frage: breit gestreute Fonds', answer: 'Ihr Wert kann fallen, aber das Risiko einzelner Unternehmen ist gestreut', usedInVerdict: true, assessment: 'CORRECT' },
      ],
    },
    {
      key: 'sustainability',
      title: 'Nachhaltigkeitspräferenzen',
      rows: [
        { item: 'sustainability_taxonomy', label: 'Mindestanteil nach EU-Taxonomie', answer: 'Mindestens 10 %', usedInVerdict: false, assessment: null },
        { item: 'sustainability_pai', label: 'Zu berücksichtigende nachteilige Auswirkungen', answer: 'Ja, beides', usedInVerdict: false, assessment: null },
      ],
    },
  ],
  personalOmitted: false,
  portfolio: null,
};

/** The adviser's record of how the German report's consistency flag was resolved (the report shows only its date). */
export const RESOLUTION = {
  note: 'Mit Herrn Müller besprochen: Verluste über 10 % wären für ihn nicht tragbar. Wir bleiben bei Klasse 3.',
  authorName: 'Sabine Köhler',
  resolvedAt: '2026-11-20T14:30:00.000Z',
};
export const VERIFICATION_URL = 'https://beratung.example.com/verify/certificate/vt_8fK2mQ7rX1pZ';

/** The REPORT labels of a locale as the reports service loads them (text type REPORT). */
export function reportTexts(locale: Locale): Record<string, string> {
  return JSON.parse(
    readFileSync(new URL(`../../translations/data/${locale}/REPORT.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
}

const EVIDENCE = {
  definitionVersion: 3,
  normVersion: '2026.1',
  normStatus: 'PROVISIONAL' as const,
  algorithmVersion: '1.4.0',
  answersHash: '3f2a9c1b7d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8',
};

// Yearly market returns with the big drawdowns where history has them, so chart IV looks like the real thing.
const EQUITY_CRASHES: Record<number, number> = {
  1907: -0.31,
  1917: -0.24,
  1929: -0.18,
  1930: -0.29,
  1931: -0.41,
  1937: -0.36,
  1973: -0.19,
  1974: -0.3,
  2001: -0.14,
  2002: -0.23,
  2008: -0.38,
  2022: -0.19,
};
const equityReturn = (year: number) => EQUITY_CRASHES[year] ?? 0.088 + 0.11 * Math.sin(year * 1.7);
const bondReturn = (year: number) => 0.034 + 0.045 * Math.sin(year * 0.9 + 1);

function yearlyValues(equityShare: number): { dateAt: string; valueAt: number }[] {
  let value = 100;
  const values = [{ dateAt: '1871-01-01', valueAt: value }];
  for (let year = 1871; year < 2026; year++) {
    value *= 1 + equityShare * equityReturn(year) + (1 - equityShare) * bondReturn(year);
    values.push({ dateAt: `${year + 1}-01-01`, valueAt: Math.round(value * 100) / 100 });
  }
  return values;
}

const WINDOWS = [
  {
    id: 'I',
    label: 'year1' as const,
    years: 1,
    worst: [-0.182, '1931-06-01', '1932-06-01'],
    best: [0.264, '1933-03-01', '1934-03-01'],
  },
  {
    id: 'II',
    label: 'year5' as const,
    years: 5,
    worst: [-0.031, '1928-09-01', '1933-09-01'],
    best: [0.152, '1982-07-01', '1987-07-01'],
  },
  {
    id: 'III',
    label: 'year10' as const,
    years: 10,
    worst: [0.004, '1964-12-01', '1974-12-01'],
    best: [0.121, '1984-08-01', '1994-08-01'],
  },
] as const;

export function historySection(): TRiskSection {
  const nominal = historyView(1);
  return {
    riskClass: 3,
    portfolio: { riskClass: 3, equityShare: 0.25, bondShare: 0.55, cashShare: 0.2 },
    basis: {
      kind: 'history',
      firstDate: '1871-01-01',
      lastDate: '2023-06-01',
      source: 'Robert J. Shiller, Yale University',
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
    nominal,
    // Real: the same shape, lower (the fixture only needs something that reads as a second basis).
    real: {
      ...historyView(0.6),
      maxDrawdown: {
        fall: -0.429,
        peakDate: '1915-12-01',
        troughDate: '1920-06-01',
        recoveryDate: '1924-01-01',
      },
      volatility: 0.055,
    },
    marketRisk: {
      method: 'PRIIPS_CATEGORY_2_MRM',
      mrm: 3,
      vev: 0.052,
      from: '2018-06-01',
      to: '2023-06-01',
      observations: 60,
      holdingYears: 5,
    },
    computedAt: '2026-04-03T09:00:00.000Z',
    algorithmVersion: '2026.11.2',
  };
}

function historyView(scale: number): TRiskSection['nominal'] {
  return {
    minMax: WINDOWS.map((w) => ({
      id: w.id,
      label: w.label,
      years: w.years,
      bars: [
        {
          key: 'worst' as const,
          value: w.worst[0] - (1 - scale) * 0.03,
          dateFrom: w.worst[1],
          dateTo: w.worst[2],
        },
        { key: 'best' as const, value: w.best[0] * scale, dateFrom: w.best[1], dateTo: w.best[2] },
      ],
    })),
    lines: [
      { id: 'IV', key: 'portfolio', values: yearlyValues(0.25 * scale) },
      { id: 'IV', key: 'equity', values: yearlyValues(1 * scale) },
      { id: 'IV', key: 'bonds', values: yearlyValues(0) },
    ],
    table: {
      rows: WINDOWS.map((w) => ({
        label: w.label,
        worst: w.worst[0] - (1 - scale) * 0.03,
        best: w.best[0] * scale,
        worstFrom: w.worst[1],
        worstTo: w.worst[2],
        bestFrom: w.best[1],
        bestTo: w.best[2],
      })),
    },
    maxDrawdown: {
      fall: -0.278,
      peakDate: '1929-09-01',
      troughDate: '1932-06-01',
      recoveryDate: '1936-01-01',
    },
    volatility: 0.044,
  };
}

export function projectionSection(): TRiskSection {
  const horizons = [
    { id: 'I', label: 'year1' as const, years: 1, p5: -0.071, p95: 0.162 },
    { id: 'II', label: 'year5' as const, years: 5, p5: -0.003, p95: 0.094 },
    { id: 'III', label: 'year10' as const, years: 10, p5: 0.012, p95: 0.077 },
  ];
  return {
    riskClass: 3,
    portfolio: { riskClass: 3, equityShare: 0.25, bondShare: 0.55, cashShare: 0.2 },
    basis: {
      kind: 'projection',
      assumptions: {
        equityReturn: 0.07,
        equityVolatility: 0.16,
        bondReturn: 0.035,
        bondVolatility: 0.06,
        cashReturn: 0.025,
        cashVolatility: 0.01,
        correlation: 0.1,
      },
    },
    nominal: {
      minMax: horizons.map((h) => ({
        id: h.id,
        label: h.label,
        years: h.years,
        bars: [
          { key: 'worst' as const, value: h.p5, dateFrom: '', dateTo: '' },
          { key: 'best' as const, value: h.p95, dateFrom: '', dateTo: '' },
        ],
      })),
      lines: [],
      table: {
        rows: horizons.map((h) => ({
          label: h.label,
          worst: h.p5,
          best: h.p95,
          worstFrom: '',
          worstTo: '',
          bestFrom: '',
          bestTo: '',
        })),
      },
      maxDrawdown: null,
      volatility: null,
    },
    real: null,
    marketRisk: null,
    computedAt: '2026-04-03T09:00:00.000Z',
    algorithmVersion: '2026.11.2',
  };
}

interface DimensionInput {
  key: string;
  name: string;
  description: string;
  low: string;
  high: string;
  level: TReportContent['dimensions'][number]['level'];
  levelWord: string;
  t: number | null;
  sem?: number;
  stanine: number | null;
  percentile: number | null;
}

function dimension(d: DimensionInput): TReportContent['dimensions'][number] {
  const computable = d.t !== null;
  const sem = d.sem ?? 3.4;
  return {
    key: d.key,
    name: d.name,
    description: d.description,
    lowLabel: d.low,
    highLabel: d.high,
    computable,
    t: d.t,
    band:
      d.t === null
        ? null
        : { low: Math.round((d.t - 1.96 * sem) * 10) / 10, high: Math.round((d.t + 1.96 * sem) * 10) / 10 },
    stanine: d.stanine,
    percentile: d.percentile,
    level: d.level,
    levelText:
      d.level === null
        ? d.levelWord
        : `${d.levelWord}: ${d.level === 'HIGH' || d.level === 'ABOVE_AVERAGE' ? d.high : d.low}`,
  };
}

const GERMAN_DIMENSIONS = [
  dimension({
    key: 'tolerance',
    name: 'Risikobereitschaft',
    description:
      'Bereitschaft, Wertschwankungen und mögliche Verluste für die Chance auf höhere Renditen in Kauf zu nehmen.',
    low: 'Bevorzugt Stabilität und verzichtet eher auf Rendite, als Wertschwankungen hinzunehmen.',
    high: 'Nimmt deutliche Wertschwankungen für die Chance auf eine höhere Rendite in Kauf.',
    level: 'HIGH',
    levelWord: 'Hoch',
    t: 64.7,
    stanine: 8,
    percentile: 93,
  }),
  dimension({
    key: 'capacity',
    name: 'Risikotragfähigkeit',
    description:
      'Finanzielle Fähigkeit, Verluste zu tragen, ohne Lebensstandard oder Verpflichtungen zu gefährden.',
    low: 'Verluste würden schnell den Alltag oder Verpflichtungen berühren; es gibt wenig Spielraum für Risiko.',
    high: 'Könnte auch größere Verluste tragen, ohne den Lebensstandard zu ändern.',
    level: 'LOW',
    levelWord: 'Niedrig',
    t: 31.4,
    stanine: 2,
    percentile: 3,
  }),
  dimension({
    key: 'loss_reaction',
    name: 'Verhalten bei Verlusten',
    description: 'Wie ruhig und planvoll jemand voraussichtlich handelt, wenn Anlagen an Wert verlieren.',
    low: 'Lässt sich von fallenden Kursen eher verunsichern und verkauft im Abschwung.',
    high: 'Bleibt im Abschwung voraussichtlich gelassen, hält am Plan fest oder kauft sogar nach.',
    level: 'ABOVE_AVERAGE',
    levelWord: 'Überdurchschnittlich',
    t: 57.2,
    stanine: 7,
    percentile: 76,
  }),
  dimension({
    key: 'horizon',
    name: 'Anlagehorizont',
    description: 'Wie lange das Geld angelegt bleiben kann, bevor es benötigt wird.',
    low: 'Das Geld wird voraussichtlich innerhalb weniger Jahre benötigt.',
    high: 'Das Geld kann zehn Jahre oder länger angelegt bleiben.',
    level: 'AVERAGE',
    levelWord: 'Durchschnittlich',
    t: 50.0,
    stanine: 5,
    percentile: 50,
  }),
  dimension({
    key: 'knowledge',
    name: 'Kenntnisse und Erfahrungen',
    description: 'Verständnis von Anlageprodukten und Märkten sowie praktische Erfahrung damit.',
    low: 'Wenig Kenntnisse oder Erfahrung; einfache, leicht verständliche Produkte sind angemessen.',
    high: 'Fundierte Kenntnisse und regelmäßige Erfahrung, auch mit komplexeren Produkten.',
    level: null,
    levelWord: 'Nicht berechenbar: zu wenige Antworten.',
    t: null,
    stanine: null,
    percentile: null,
  }),
  dimension({
    key: 'growth',
    name: 'Wachstumsorientierung',
    description: 'Wie wichtig langfristiger Vermögensaufbau gegenüber laufenden Erträgen ist.',
    low: 'Laufende Erträge sind wichtiger als Wertzuwachs.',
    high: 'Langfristiger Wertzuwachs steht klar im Vordergrund.',
    level: 'ABOVE_AVERAGE',
    levelWord: 'Überdurchschnittlich',
    t: 58.9,
    stanine: 7,
    percentile: 81,
  }),
  dimension({
    key: 'liquidity',
    name: 'Liquiditätsbedarf',
    description: 'Wie schnell und wie oft auf das angelegte Geld zugegriffen werden muss.',
    low: 'Das Geld wird auf absehbare Zeit nicht gebraucht.',
    high: 'Häufiger, kurzfristiger Zugriff auf das Geld ist nötig.',
    level: 'BELOW_AVERAGE',
    levelWord: 'Unterdurchschnittlich',
    t: 42.3,
    stanine: 4,
    percentile: 22,
  }),
  dimension({
    key: 'sustainability',
    name: 'Nachhaltigkeitspräferenz',
    description:
      'Wie stark ökologische und soziale Kriterien die Anlageentscheidung bestimmen sollen (MiFID II).',
    low: 'Nachhaltigkeit spielt bei der Anlage keine besondere Rolle.',
    high: 'Anlagen sollen ausdrücklich ökologische und soziale Ziele verfolgen.',
    level: 'AVERAGE',
    levelWord: 'Durchschnittlich',
    t: 47.6,
    stanine: 5,
    percentile: 40,
  }),
];

/** A German BQA report (Anlageberatung) with risk profile, market history charts and a provisional prediction. */
export function germanBqaReport(): TReportContent {
  return ZReportContent.parse({
    reportType: 'bqa',
    locale: 'DE_DE',
    instanceToken: 'inst_7Gk2pQ9xLw',
    productType: 'BQ_ADVISORY_BANK',
    title: 'Bericht zur Anlageberatung',
    interactionName: 'Fragebogen zur Anlageberatung',
    client: { ...REAL_CLIENT, displayName: `${REAL_CLIENT.firstName} ${REAL_CLIENT.lastName}` },
    anonymized: false,
    accountName: 'Privatbank Südwest AG',
    adviserName: 'Sabine Köhler',
    adviserLabelKey: 'report.cover.adviser',
    completedAt: '2026-04-03T09:12:00.000Z',
    calculatedAt: '2026-04-03T09:12:05.000Z',
    evidence: EVIDENCE,
    dimensions: GERMAN_DIMENSIONS,
    risk: {
      toleranceClass: 6,
      suitableClass: 3,
      caps: [
        {
          key: 'horizon',
          kind: 'ANSWER',
          name: 'Anlagehorizont',
          maxClass: 3,
          binding: true,
          reason: 'Anlagehorizont: Sie haben „1 bis 3 Jahre“ geantwortet, das erlaubt höchstens Klasse 3',
        },
        {
          key: 'knowledge_test',
          kind: 'KNOWLEDGE_TEST',
          name: 'Wissensfragen',
          maxClass: 4,
          binding: false,
          reason: 'Wissensfragen: 2 von 3 wurden nicht richtig beantwortet, das erlaubt höchstens Klasse 4, bis Ihr Berater sie Ihnen erklärt hat',
        },
        {
          key: 'loss_money',
          kind: 'LOSS_MONEY',
          name: 'Verkraftbarer Verlust in Geld',
          maxClass: 5,
          binding: false,
          reason: 'Verkraftbarer Verlust in Geld: Sie könnten einen Verlust von „5.000 bis 10.000“ bei „10.000 bis 50.000“ Anlagebetrag tragen, etwa 32 %, das erlaubt höchstens Klasse 5',
        },
      ],
      selfEstimate: 6,
      explainFirst: [
        'Anleihen und Rentenfonds: Der Kurs fällt, wenn die Zinsen steigen.',
        'Aktien und Aktienfonds: Aktienkurse können um die Hälfte oder mehr fallen und jahrelang niedrig bleiben.',
      ],
      remarks: ['Ein Teil des Geldes, das Sie anlegen möchten, ist geliehen: Verluste müssten dennoch zurückgezahlt werden und wiegen daher schwerer, als die Risikoklasse allein zeigt.'],
      consistency: {
        flagged: true,
        reasons: ['Sie sehen sich selbst bei Klasse 6, 3 Klassen über der geeigneten Klasse 3. Die Grenzen oben sind der Grund für die niedrigere Klasse; Ihr Berater geht sie mit Ihnen durch.'],
        direction: 'ABOVE',
        discussedAt: RESOLUTION.resolvedAt,
      },
      portfolio: { riskClass: 3, equityShare: 0.25, bondShare: 0.55, cashShare: 0.2 },
      section: historySection(),
    },
    suitability: GERMAN_STATEMENT,
    prediction: {
      title: 'Anlagestil',
      // The rules score "Ausgewogen" best, but it needs class 4 and the suitable class is 3.
      predictedLabel: 'Ertrag',
      predictedDescription:
        'Regelmäßige Erträge sind wichtiger als Wachstum. Eine Mischung mit überwiegend Anleihen passt zu diesem Stil.',
      unconstrainedLabel: 'Ausgewogen',
      unconstrainedMinClass: 4,
      suitableClass: 3,
      classes: [
        { key: 'balanced', label: 'Ausgewogen', rank: 1, allowed: false, minRiskClass: 4 },
        { key: 'income', label: 'Ertrag', rank: 2, allowed: true, minRiskClass: 2 },
        { key: 'growth', label: 'Wachstum', rank: 3, allowed: false, minRiskClass: 5 },
        { key: 'dynamic', label: 'Chancenorientiert', rank: 4, allowed: false, minRiskClass: 6 },
        { key: 'conservative', label: 'Kapitalerhalt', rank: 5, allowed: true, minRiskClass: 1 },
      ],
      factors: [
        { name: 'Risikobereitschaft', z: 1.47, contribution: 0.62 },
        { name: 'Liquiditätsbedarf', z: -0.77, contribution: -0.31 },
        { name: 'Anlagehorizont', z: 0, contribution: 0.05 },
      ],
      provisional: true,
    },
    recommendations: [],
    texts: reportTexts('DE_DE'),
    fileName: 'Bericht-zur-Anlageberatung_Mueller_Juergen_03-04-2026.pdf',
    dashboardPath: null,
  });
}

/**
 * The same report shared without the client's name (GDPR), as the server sends it: names blanked ("Kunde"), no
 * token, no answers fingerprint, no adviser notes, every date kept to the month (docs/decisions/0015).
 */
export function anonymizedGermanReport(): TReportContent {
  const report = germanBqaReport();
  return ZReportContent.parse({
    ...report,
    instanceToken: null,
    completedAt: '2026-04',
    calculatedAt: '2026-04',
    evidence: { ...report.evidence, answersHash: '' },
    risk: {
      ...report.risk!,
      consistency: {
        ...report.risk!.consistency,
        discussedAt: '2026-11',
      },
    },
    client: { firstName: '', lastName: '', displayName: 'Kunde' },
    anonymized: true,
    // Personal details are left out of an anonymised statement.
    suitability: { ...report.suitability!, sections: report.suitability!.sections.slice(1), personalOmitted: true },
    fileName: 'Bericht-zur-Anlageberatung_04-2026.pdf',
    dashboardPath: null,
  });
}

/** An English (US) BQP report of the work style questionnaire: dimensions only. */
export function englishBqpReport(): TReportContent {
  return ZReportContent.parse({
    reportType: 'bqp',
    locale: 'EN_US',
    instanceToken: 'inst_Qm3vT8cRz1',
    productType: 'BQ_SELECTION',
    title: 'Work style profile',
    interactionName: 'Work style questionnaire',
    client: { firstName: 'Jürgen', lastName: 'Müller', displayName: 'Jürgen Müller' },
    anonymized: false,
    accountName: 'Harbor Street Talent Partners',
    adviserName: 'Emily Carter',
    adviserLabelKey: 'report.cover.contact',
    completedAt: '2026-02-14T16:40:00.000Z',
    calculatedAt: '2026-02-14T16:40:03.000Z',
    evidence: { ...EVIDENCE, normStatus: 'EMPIRICAL', normVersion: '2025.4', definitionVersion: 2 },
    dimensions: [
      dimension({
        key: 'analytical_thinking',
        name: 'Analytical thinking',
        description: 'Breaking problems down, checking facts and drawing well-founded conclusions.',
        low: 'Decides more on intuition than on a systematic analysis.',
        high: 'Analyzes problems systematically and bases conclusions on facts.',
        level: 'ABOVE_AVERAGE',
        levelWord: 'Above average',
        t: 61.3,
        stanine: 7,
        percentile: 87,
      }),
      dimension({
        key: 'conscientiousness',
        name: 'Conscientiousness',
        description: 'Planning work, following through and working carefully.',
        low: 'Tends to work spontaneously; deadlines and details may slip.',
        high: 'Plans ahead, works carefully and finishes what is started.',
        level: 'HIGH',
        levelWord: 'High',
        t: 68.2,
        stanine: 9,
        percentile: 96,
      }),
      dimension({
        key: 'customer_orientation',
        name: 'Customer orientation',
        description: 'Understanding what customers need and staying with a request until it is solved.',
        low: 'Sees customer requests more as a disruption than as the core of the work.',
        high: "Puts customers' needs first and follows up until the problem is solved.",
        level: 'AVERAGE',
        levelWord: 'Average',
        t: 52.5,
        stanine: 5,
        percentile: 60,
      }),
      dimension({
        key: 'integrity',
        name: 'Integrity',
        description: 'Keeping promises, being honest about mistakes and following rules even under pressure.',
        low: 'Treats rules and commitments as flexible when they get in the way.',
        high: 'Keeps promises, admits mistakes and sticks to the rules, even at a cost.',
        level: 'AVERAGE',
        levelWord: 'Average',
        t: 49.1,
        stanine: 5,
        percentile: 46,
      }),
      dimension({
        key: 'resilience',
        name: 'Resilience',
        description: 'Staying effective under pressure and recovering after setbacks and criticism.',
        low: 'Pressure and criticism weigh heavily and take time to shake off.',
        high: 'Stays calm under pressure and recovers quickly from setbacks.',
        level: 'BELOW_AVERAGE',
        levelWord: 'Below average',
        t: 38.6,
        stanine: 3,
        percentile: 13,
      }),
      dimension({
        key: 'teamwork',
        name: 'Teamwork',
        description: 'Sharing information, helping colleagues and taking other views seriously.',
        low: 'Prefers to work independently and coordinates little with others.',
        high: 'Actively supports the team, shares knowledge and values other views.',
        level: 'AVERAGE',
        levelWord: 'Average',
        t: 55.4,
        stanine: 6,
        percentile: 70,
      }),
    ],
    risk: null,
    suitability: null,
    prediction: null,
    recommendations: [],
    texts: reportTexts('EN_US'),
    fileName: 'Work-style-profile_Mueller_Juergen_02-14-2026.pdf',
    dashboardPath: null,
  });
}

/** A British BQA report whose risk section is a projection (no market history imported). */
export function projectionReport(): TReportContent {
  const german = germanBqaReport();
  return ZReportContent.parse({
    ...german,
    locale: 'EN_UK',
    title: 'Risk profile report',
    interactionName: 'Risk profile',
    client: { firstName: 'Siobhan', lastName: "O'Connor", displayName: "Siobhan O'Connor" },
    accountName: 'Thames Wealth Management Ltd',
    adviserName: null,
    dimensions: german.dimensions.slice(0, 5),
    risk: {
      ...german.risk!,
      caps: [],
      explainFirst: [],
      remarks: [],
      consistency: { flagged: false, reasons: [], direction: null, discussedAt: null },
      selfEstimate: null,
      toleranceClass: 3,
      section: projectionSection(),
    },
    suitability: null,
    prediction: null,
    texts: reportTexts('EN_UK'),
    fileName: 'Risk-profile-report_OConnor_Siobhan_03-04-2026.pdf',
    dashboardPath: null,
  });
}

/** A British recommendations report: what follows from the profile, as numbered blocks. */
export function recommendationsReport(): TReportContent {
  const german = germanBqaReport();
  return ZReportContent.parse({
    ...german,
    reportType: 'bqaRecommendations',
    locale: 'EN_UK',
    title: 'Recommendations from your investment profile',
    interactionName: 'Investment advice questionnaire',
    client: { firstName: 'Siobhan', lastName: "O'Connor", displayName: "Siobhan O'Connor" },
    accountName: 'Thames Wealth Management Ltd',
    adviserName: 'Oliver Bennett',
    dimensions: german.dimensions.map((d, i) => ({
      ...d,
      name: [
        'Risk tolerance',
        'Capacity for loss',
        'Reaction to losses',
        'Investment horizon',
        'Knowledge and experience',
        'Growth orientation',
        'Liquidity needs',
        'Sustainability preference',
      ][i]!,
    })),
    risk: {
      ...german.risk!,
      caps: [
        { key: 'capacity', kind: 'DIMENSION', name: 'Capacity for loss', maxClass: 3, binding: true, reason: 'Capacity for loss: your score of 2.4 of 5 allows at most class 3' },
        { key: 'horizon', kind: 'ANSWER', name: 'Time horizon', maxClass: 4, binding: false, reason: 'Time horizon: you answered “4 to 5 years”, which allows at most class 4' },
      ],
      explainFirst: [],
      remarks: [],
      consistency: {
        flagged: true,
        reasons: ['You see yourself at class 6, 3 classes above the suitable class 3. The limits above are why the class is lower; your adviser will go through them with you.'],
        direction: 'ABOVE',
        discussedAt: null,
      },
      section: null,
    },
    suitability: null,
    prediction: null,
    recommendations: [
      {
        key: 'portfolio',
        title: 'Invest according to risk class 3',
        text: 'A mix of about 25% equities and 75% bonds suits the profile. It keeps swings in value moderate while leaving room for growth over the long term.',
      },
      {
        key: 'caps',
        title: 'Respect the limits of your capacity for loss',
        text: 'Your risk tolerance alone would allow class 6, but your capacity for loss (3) and your investment horizon (5) limit the class. Revisit the profile when your finances or plans change.',
      },
      {
        key: 'consistency',
        title: 'Talk through the difference in your answers',
        text: 'Your answers on risk tolerance point to class 6, your own estimate to class 2. Your adviser will go through this with you and record how it was resolved before giving advice.',
      },
      {
        key: 'lowDimension',
        title: 'Keep an emergency reserve outside the portfolio',
        text: 'Losses would soon affect daily life or commitments. Keep three to six months of expenses in an instant-access account before investing the rest.',
      },
      {
        key: 'lowDimension',
        title: 'Plan for the money you may need soon',
        text: 'The money is likely to be needed within a few years. Keep the part you will need in the next two to three years out of equities.',
      },
      {
        key: 'review',
        title: 'Review the profile once a year',
        text: 'Markets, finances and plans change. Review this profile with your adviser at least once a year and after any major life event.',
      },
    ],
    texts: reportTexts('EN_UK'),
    fileName: 'Recommendations_OConnor_Siobhan_03-04-2026.pdf',
    dashboardPath: null,
  });
}

export function certificate(status: 'VALID' | 'REVOKED', locale: Locale = 'DE_DE'): TCertificateContent {
  const german = locale === 'DE_DE';
  return ZCertificateContent.parse({
    locale,
    instanceToken: 'inst_Qm3vT8cRz1',
    status,
    holder: REAL_CLIENT,
    interactionName: german ? 'Fragebogen zur Arbeitsweise' : 'Work style questionnaire',
    accountName: german ? 'Privatbank Südwest AG' : 'Harbor Street Talent Partners',
    issuedAt: '2026-02-15T08:00:00.000Z',
    completedAt: '2026-02-14T16:40:00.000Z',
    revokedAt: status === 'REVOKED' ? '2026-05-12T10:30:00.000Z' : null,
    verificationUrl: VERIFICATION_URL,
    strengths: german
      ? ['Analytisches Denken', 'Gewissenhaftigkeit', 'Kundenorientierung']
      : ['Analytical thinking', 'Conscientiousness', 'Customer orientation'],
    texts: reportTexts(locale),
    fileName: german
      ? 'Zertifikat_Mueller_Juergen_15-02-2026.pdf'
      : 'Certificate_Mueller_Juergen_02-15-2026.pdf',
    canManage: false,
    dashboardPath: null,
  });
}

/** A British BQA report with market history: dollar figures in a euro-formatted locale. */
export function britishHistoryReport(): TReportContent {
  const projection = projectionReport();
  return ZReportContent.parse({
    ...projection,
    risk: { ...projection.risk!, section: historySection() },
  });
}
