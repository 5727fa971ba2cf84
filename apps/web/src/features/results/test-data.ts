// Test data of the results feature: an adviser who may do everything and also has the wealth advisory trial, and a
// BQ_RISK result with its texts, risk section (history or projection) and prediction.
import type { TTrialStatus } from '@bq/contracts/credits';
import type { TDashboard, TDashboardContent, TPrediction, TRiskSection } from '@bq/contracts/dashboard';
import type { TUser } from '@bq/contracts/user';
import { riskProduct, userOf } from '../../test/fixtures';

export const adviser: TUser = userOf({
  permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }],
  products: [riskProduct, { id: 'cfg-wealth', productType: 'BQ_ADVISORY_WEALTH', planType: 'TRIAL', invitationValidDays: 30, reviewEveryMonths: 12, reviewNoticeDays: 14 }],
});

export function dashboardOf(overrides: Partial<TDashboard> = {}): TDashboard {
  return {
    instanceToken: 'i1',
    interactionId: 'risk',
    productType: 'BQ_RISK',
    kind: 'bqa',
    status: 'RESULTS_AVAILABLE',
    lockStatus: 'UNLOCKED',
    viewerIsClient: false,
    client: { token: 'c1', firstName: 'Anna', lastName: 'Müller', initials: 'AM', email: 'anna@example.com', anonymize: false, anonymizedName: null, anonymizedInitials: null, anonymizationKind: 'NAME' as const },
    filledAt: '2026-04-03T09:00:00Z',
    calculatedAt: '2026-04-03T09:00:05Z',
    evidence: {
      definitionVersion: 1,
      normVersion: '2026.1',
      normStatus: 'PROVISIONAL',
      algorithmVersion: '1.0.0',
      answersHash: '3f2a9c1b7d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8',
    },
    dimensions: [
      {
        key: 'tolerance',
        computable: true,
        answered: 3,
        itemCount: 3,
        raw: 4.3,
        z: 1.47,
        t: 64.7,
        stanine: 8,
        percentile: 93,
        band: { low: 58.1, high: 71.3 },
        level: 'HIGH',
      },
      {
        key: 'capacity',
        computable: true,
        answered: 3,
        itemCount: 3,
        raw: 2.5,
        z: -1.86,
        t: 31.4,
        stanine: 2,
        percentile: 3,
        band: { low: 24.7, high: 38.1 },
        level: 'LOW',
      },
      {
        key: 'horizon',
        computable: true,
        answered: 3,
        itemCount: 3,
        raw: 3.9,
        z: 0,
        t: 50,
        stanine: 5,
        percentile: 50,
        band: { low: 43, high: 57 },
        level: 'AVERAGE',
      },
      {
        key: 'knowledge',
        computable: false,
        answered: 1,
        itemCount: 3,
        raw: null,
        z: null,
        t: null,
        stanine: null,
        percentile: null,
        band: null,
        level: null,
      },
    ],
    risk: {
      toleranceClass: 6,
      suitableClass: 3,
      caps: [
        { ...CAP, key: 'horizon', kind: 'ANSWER', nameKey: 'suitability.rule.horizon', maxClass: 3, binding: true, answers: [{ item: 'horizon_1', labelKey: 'risk.choice.years.y1to3' }] },
        { ...CAP, key: 'knowledge_test', kind: 'KNOWLEDGE_TEST', nameKey: 'suitability.rule.knowledge_test', maxClass: 4, asked: 3, failed: 2 },
        { ...CAP, key: 'loss_money', kind: 'LOSS_MONEY', nameKey: 'suitability.rule.loss_money', maxClass: 5, share: 0.316, answers: [{ item: 'loss_money', labelKey: 'suitability.choice.loss_money.k5to10k' }, { item: 'amount_band', labelKey: 'suitability.choice.amount.k10to50k' }] },
        { ...CAP, key: 'capacity', kind: 'DIMENSION', nameKey: 'risk.dim.capacity.name', maxClass: 5, score: 2.7 },
      ],
      selfEstimate: 6,
      explainFirst: [{ item: 'knowledge_check_1', textKey: 'suitability.explain.knowledge_check_1' }],
      remarks: [{ key: 'borrowing', textKey: 'suitability.remark.borrowing' }],
      consistency: { flagged: true, reasons: ['self_estimate_above_suitable'], direction: 'ABOVE', resolutions: [] },
      portfolio: { riskClass: 3, equityShare: 0.25, bondShare: 0.55, cashShare: 0.2 },
    },
    prediction: null,
    ...overrides,
  };
}

/** A limit's fields that only some kinds use. */
const CAP = { binding: false, assumed: false, score: null, answers: [], share: null, asked: null, failed: null };

/** The texts of the version 2 rules the result above names (limit names, answers, explanations, remarks). */
export const VERDICT_TEXTS: Record<string, string> = {
  'suitability.rule.horizon': 'Time horizon',
  'suitability.rule.knowledge_test': 'Knowledge questions',
  'suitability.rule.loss_money': 'Loss bearable in money',
  'risk.choice.years.y1to3': '1 to 3 years',
  'suitability.choice.loss_money.k5to10k': '5,000 to 10,000',
  'suitability.choice.amount.k10to50k': '10,000 to 50,000',
  'suitability.explain.knowledge_check_1': 'Before bonds or bond funds: explain that their price falls when interest rates rise.',
  'suitability.remark.borrowing': 'Part of this money is borrowed.',
};

const DIMENSION_TEXTS: Record<string, [string, string, string, string]> = {
  tolerance: [
    'Risk tolerance',
    'How much fluctuation the client is willing to accept.',
    'Prefers safety over returns.',
    'Accepts large swings for higher returns.',
  ],
  capacity: [
    'Capacity for loss',
    'How well the client could bear a loss.',
    'A loss would hurt the client’s finances.',
    'Could bear a sizeable loss.',
  ],
  horizon: [
    'Investment horizon',
    'How long the money can stay invested.',
    'Needs the money soon.',
    'Can wait for years.',
  ],
  knowledge: [
    'Knowledge and experience',
    'Experience with investments.',
    'Little experience.',
    'Experienced investor.',
  ],
};

export function historySection(): TRiskSection {
  const values = Array.from({ length: 1200 }, (_, i) => {
    const year = 1926 + Math.floor(i / 12);
    const month = String((i % 12) + 1).padStart(2, '0');
    return { dateAt: `${year}-${month}-01T00:00:00Z`, valueAt: 100 * 1.005 ** i };
  });
  return {
    riskClass: 3,
    portfolio: { riskClass: 3, equityShare: 0.25, bondShare: 0.55, cashShare: 0.2 },
    basis: {
      kind: 'history',
      firstDate: '1871-01-01',
      lastDate: '2023-06-01',
      source: 'Shiller, Yale',
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
    nominal: historyView(values, 0),
    // After inflation: every figure lower (deflating takes some growth off each month).
    real: historyView(
      values.map((v, i) => ({ ...v, valueAt: v.valueAt / 1.002 ** i })),
      0.03,
    ),
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

function historyView(values: { dateAt: string; valueAt: number }[], lower: number): TRiskSection['nominal'] {
  return {
    minMax: [
      {
        id: 'I',
        label: 'year1',
        years: 1,
        bars: [
          { key: 'worst', value: -0.182 - lower, dateFrom: '1931-06-01', dateTo: '1932-06-01' },
          { key: 'best', value: 0.264 - lower, dateFrom: '1933-03-01', dateTo: '1934-03-01' },
        ],
      },
      {
        id: 'II',
        label: 'year5',
        years: 5,
        bars: [
          { key: 'worst', value: -0.031 - lower, dateFrom: '1928-09-01', dateTo: '1933-09-01' },
          { key: 'best', value: 0.152 - lower, dateFrom: '1982-07-01', dateTo: '1987-07-01' },
        ],
      },
      {
        id: 'III',
        label: 'year10',
        years: 10,
        bars: [
          { key: 'worst', value: 0.004 - lower, dateFrom: '1964-12-01', dateTo: '1974-12-01' },
          { key: 'best', value: 0.121 - lower, dateFrom: '1984-08-01', dateTo: '1994-08-01' },
        ],
      },
    ],
    lines: [{ id: 'IV', key: 'portfolio', values }],
    table: {
      rows: [
        {
          label: 'year1',
          worst: -0.182 - lower,
          best: 0.264 - lower,
          worstFrom: '1931-06-01',
          worstTo: '1932-06-01',
          bestFrom: '1933-03-01',
          bestTo: '1934-03-01',
        },
        {
          label: 'year5',
          worst: -0.031 - lower,
          best: 0.152 - lower,
          worstFrom: '1928-09-01',
          worstTo: '1933-09-01',
          bestFrom: '1982-07-01',
          bestTo: '1987-07-01',
        },
        {
          label: 'year10',
          worst: 0.004 - lower,
          best: 0.121 - lower,
          worstFrom: '1964-12-01',
          worstTo: '1974-12-01',
          bestFrom: '1984-08-01',
          bestTo: '1994-08-01',
        },
      ],
    },
    maxDrawdown: {
      fall: -0.278 - lower,
      peakDate: '1929-09-01',
      troughDate: '1932-06-01',
      recoveryDate: lower ? null : '1936-01-01',
    },
    volatility: 0.044 + lower,
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

export function contentOf(overrides: Partial<TDashboardContent> = {}): TDashboardContent {
  const texts: Record<string, string> = { 'risk.name': 'Risk profile questionnaire', ...VERDICT_TEXTS };
  const dimensions = Object.entries(DIMENSION_TEXTS).map(([key, [name, description, low, high]]) => {
    const prefix = `risk.dim.${key}`;
    texts[`${prefix}.name`] = name;
    texts[`${prefix}.description`] = description;
    texts[`${prefix}.low`] = low;
    texts[`${prefix}.high`] = high;
    return {
      key,
      nameKey: `${prefix}.name`,
      descriptionKey: `${prefix}.description`,
      lowKey: `${prefix}.low`,
      highKey: `${prefix}.high`,
    };
  });
  return {
    kind: 'bqa',
    locale: 'EN_US',
    texts,
    dimensions,
    interactionNameKey: 'risk.name',
    sections: { BQA_RISK: historySection() },
    restrictedSections: [],
    portfolioCheck: null,
    ...overrides,
  };
}

export function predictionOf(overrides: Partial<TPrediction> = {}): TPrediction {
  return {
    instanceToken: 'i1',
    kind: 'INVESTMENT_STYLE',
    modelId: 'investment-style',
    modelVersion: 1,
    method: 'RULE_BASED',
    modelStatus: 'PROVISIONAL',
    titleKey: 'prediction.investment-style.title',
    // The rules score growth best, but it needs class 5 and the suitable class is 3: income is indicated.
    predictedClass: 'income',
    unconstrainedClass: 'growth',
    suitableClass: 3,
    classes: [
      {
        key: 'conservative',
        labelKey: 'prediction.investment-style.conservative',
        descriptionKey: 'prediction.investment-style.conservative-description',
        rank: 3,
        minRiskClass: 1,
        allowed: true,
      },
      {
        key: 'income',
        labelKey: 'prediction.investment-style.income',
        descriptionKey: 'prediction.investment-style.income-description',
        rank: 2,
        minRiskClass: 2,
        allowed: true,
      },
      {
        key: 'growth',
        labelKey: 'prediction.investment-style.growth',
        descriptionKey: 'prediction.investment-style.growth-description',
        rank: 1,
        minRiskClass: 5,
        allowed: false,
      },
    ],
    factors: [
      { dimension: 'capacity', nameKey: 'risk.dim.capacity.name', z: -1.86, contribution: 0.9 },
      { dimension: 'tolerance', nameKey: 'risk.dim.tolerance.name', z: 1.47, contribution: -0.7 },
    ],
    texts: {
      'prediction.investment-style.title': 'Investment style',
      'prediction.investment-style.conservative': 'Conservative',
      'prediction.investment-style.income': 'Income',
      'prediction.investment-style.income-description': 'Steady income matters more than growth.',
      'prediction.investment-style.growth': 'Growth',
      'risk.dim.capacity.name': 'Capacity for loss',
      'risk.dim.tolerance.name': 'Risk tolerance',
    },
    ...overrides,
  };
}

export function trialOf(overrides: Partial<TTrialStatus> = {}): TTrialStatus {
  return {
    productType: 'BQ_ADVISORY_WEALTH',
    onTrial: true,
    trialAvailable: true,
    dismissed: false,
    trialResults: 2,
    endsAt: '2030-01-31T12:00:00.000Z',
    ended: false,
    endedNotice: false,
    ...overrides,
  };
}
