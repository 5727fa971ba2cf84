// Reports and certificates (spec sections 2, 3 and 7): the content of a report is resolved on the server in
// one locale (all texts already translated), so the web report view and the PDF show the same thing.
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';
import { PAGE_FORMATS } from '@bq/domain/page-formats';
import { RISK_CAP_KINDS, ZModelPortfolio, ZResultEvidence, ZRiskSection, ZRiskView, SCORE_LEVELS } from './dashboard';
import { PORTFOLIO_VERDICTS } from './portfolio';

/** interactionType of the report calls: the BQP report (also self-assessment), the BQA report, its recommendations, the certificate. */
export const REPORT_TYPES = ['bqp', 'bqa', 'bqaRecommendations', 'certificate'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export { PAGE_FORMATS, defaultPageFormat, type PageFormat } from '@bq/domain/page-formats';

const ZBooleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * GET /api/report/download/{id} and /api/render/report/{id}. With an instance token interactionType is required;
 * with a download token (rdl_...) the token fixes type, locale and format and the query is ignored.
 * pageFormat defaults to LETTER for EN_US and A4 otherwise.
 */
export const ZReportDownloadQuery = z.object({
  interactionType: z.enum(REPORT_TYPES).optional(),
  locale: z.enum(LOCALES).optional(),
  pageFormat: z.enum(PAGE_FORMATS).optional(),
  /** Replace the client's name by initials-free "Client" wording (GDPR: share a report without naming the person). */
  anonymize: ZBooleanQuery,
});
export type TReportDownloadQuery = z.infer<typeof ZReportDownloadQuery>;

export const ZReportContentQuery = z.object({ locale: z.enum(LOCALES).optional(), anonymize: ZBooleanQuery });

/** POST /api/selfassessment/sampleReport: a sample self-assessment report from a simulated participant. */
export const ZSampleReportRequest = z
  .object({ locale: z.enum(LOCALES).optional(), pageFormat: z.enum(PAGE_FORMATS).optional() })
  .meta({ id: 'SampleReportRequest' });

export const ZReportDimension = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  lowLabel: z.string(),
  highLabel: z.string(),
  computable: z.boolean(),
  t: z.number().nullable(),
  band: z.object({ low: z.number(), high: z.number() }).nullable(),
  stanine: z.number().int().nullable(),
  percentile: z.number().int().nullable(),
  level: z.enum(SCORE_LEVELS).nullable(),
  /** The level in words for this dimension, e.g. "Above average: you tend to ...". */
  levelText: z.string(),
  /**
   * bqp reports: which answers raised and lowered the score most, in plain words (docs/decisions/0053); null when
   * nothing moved it, it has no score, or the report is of another type.
   */
  why: z.string().nullable().optional(),
  /**
   * bqp reports: what the person can do with this score, one sentence chosen by their level (docs/decisions/0082);
   * null when the dimension has no score or no such sentence, or the report is of another type.
   */
  advice: z.string().nullable().optional(),
});
export type TReportDimension = z.infer<typeof ZReportDimension>;

/**
 * The consistency check as the client reads it (docs/decisions/0030): each difference in one sentence addressed to
 * the client, and when the adviser went through it with them. The adviser's reasons, instructions and notes stay on
 * the dashboard and in the file note.
 */
export const ZReportConsistency = z.object({
  flagged: z.boolean(),
  /** Client wording, e.g. "You see yourself at class 7, 5 classes above the suitable class 2. ..." */
  reasons: z.array(z.string()),
  direction: z.enum(['ABOVE', 'BELOW']).nullable(),
  /** ISO timestamp of the adviser's latest resolution record ("YYYY-MM" anonymised); null while none. */
  discussedAt: z.string().nullable(),
});

/**
 * The risk part of the client's report (docs/decisions/0030): every sentence is worded for the client; nothing here is
 * an instruction to the adviser (those are on the dashboard and in GET /api/dashboard/{token}/fileNote).
 */
export const ZReportRisk = z.object({
  toleranceClass: z.number().int(),
  suitableClass: z.number().int(),
  /** The limits that lowered the class, binding ones first, each with its reason in one sentence to the client. */
  caps: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(RISK_CAP_KINDS),
      name: z.string(),
      maxClass: z.number().int(),
      binding: z.boolean(),
      reason: z.string(),
    }),
  ),
  selfEstimate: z.number().int().nullable(),
  /** Client wording: what the adviser will explain before the products concerned (failed knowledge questions). */
  explainFirst: z.array(z.string()),
  /** Client wording of what the answers raise (borrowing, concentration, circumstances). */
  remarks: z.array(z.string()),
  consistency: ZReportConsistency,
  portfolio: ZModelPortfolio,
  /** The dashboard's BQA_RISK section (history windows or projections); null when the user may not see it. */
  section: ZRiskSection.nullable(),
});

/**
 * The suitability statement (decision 0013): the client's answers on the ESMA suitability topics, by topic, in the
 * report's language. usedInVerdict marks answers the risk class rests on; assessment grades knowledge questions.
 */
export const ZSuitabilityStatementContent = z
  .object({
    sections: z.array(
      z.object({
        key: z.string(),
        title: z.string(),
        rows: z.array(
          z.object({
            item: z.string(),
            label: z.string(),
            /** The answer in words; empty when the question was left out. */
            answer: z.string(),
            usedInVerdict: z.boolean(),
            assessment: z.enum(['CORRECT', 'INCORRECT']).nullable(),
          }),
        ),
      }),
    ),
    /** An anonymised report leaves out the personal details (age, dependants, circumstances). */
    personalOmitted: z.boolean(),
    /** The client's current portfolio against the suitable class, as stored with the result (decision 0091); null without one. */
    portfolio: z
      .object({
        asOf: z.string(),
        verdict: z.enum(PORTFOLIO_VERDICTS),
        portfolioClass: z.number().int(),
        suitableClass: z.number().int(),
        /** The verdict in the report's language, and the worst 12 months of the portfolio and of the profile. */
        verdictText: z.string(),
        sentence: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'SuitabilityStatement' });
export type TSuitabilityStatementContent = z.infer<typeof ZSuitabilityStatementContent>;

/**
 * The rule-based indication of the report (decision 0014): no probability; classes best first. Only an indication the
 * client reads (the investment style); the performance outlook is the evaluator's (decision 0082).
 */
export const ZReportPrediction = z.object({
  title: z.string(),
  predictedLabel: z.string(),
  predictedDescription: z.string(),
  /** What the answers alone point to, when the suitable risk class ruled it out; else null. */
  unconstrainedLabel: z.string().nullable(),
  /** The lowest risk class the unconstrained class needs (with unconstrainedLabel). */
  unconstrainedMinClass: z.number().int().nullable(),
  suitableClass: z.number().int().nullable(),
  classes: z.array(z.object({ key: z.string(), label: z.string(), rank: z.number().int(), allowed: z.boolean(), minRiskClass: z.number().int().nullable() })),
  factors: z.array(z.object({ name: z.string(), z: z.number(), contribution: z.number() })),
  provisional: z.boolean(),
});

export const ZReportRecommendation = z.object({ key: z.string(), title: z.string(), text: z.string() });

export const ZReportContent = z
  .object({
    reportType: z.enum(['bqp', 'bqa', 'bqaRecommendations']),
    locale: z.enum(LOCALES),
    /** The result's instance token (it opens the named report); null in an anonymised report. */
    instanceToken: z.string().nullable(),
    productType: z.string(),
    /** Translated document title, e.g. "Risk profile report". */
    title: z.string(),
    interactionName: z.string(),
    client: z.object({ firstName: z.string(), lastName: z.string(), displayName: z.string() }),
    /**
     * Anonymised (docs/decisions/0015): no name, e-mail or token anywhere in the content, every date of the client's
     * (completedAt, calculatedAt, consistency.discussedAt) kept to the month as "YYYY-MM", the answers fingerprint
     * empty, dashboardPath null.
     */
    anonymized: z.boolean(),
    accountName: z.string(),
    /** The adviser who sent the questionnaire; null when unknown. */
    adviserName: z.string().nullable(),
    /**
     * The label of adviserName: the client's adviser for the advisory products, the contact person of a candidate,
     * employee or coachee otherwise (coverContactKey in @bq/domain/product-types). Decided by the server so the web
     * report and the PDF say the same and the participant page needs no product table.
     */
    adviserLabelKey: z.enum(['report.cover.adviser', 'report.cover.contact']),
    /** ISO timestamp; "YYYY-MM" in an anonymised report. */
    completedAt: z.string().nullable(),
    /** ISO timestamp; "YYYY-MM" in an anonymised report. */
    calculatedAt: z.string(),
    /** answersHash is '' in an anonymised report: it identifies the stored result. */
    evidence: ZResultEvidence,
    dimensions: z.array(ZReportDimension),
    risk: ZReportRisk.nullable(),
    /** BQA reports of definitions with a statement (version 2 of the risk products); null otherwise. */
    suitability: ZSuitabilityStatementContent.nullable(),
    prediction: ZReportPrediction.nullable(),
    /** bqaRecommendations only: what follows from the profile, in order. */
    recommendations: z.array(ZReportRecommendation),
    /** Labels of the document in the locale (text type REPORT), e.g. report.page "Page {{page}} of {{pages}}". */
    texts: z.record(z.string(), z.string()),
    /** The suggested file name of the PDF (spec section 9). */
    fileName: z.string(),
    /**
     * For a signed-in evaluator of the issuing account who may see the result: its dashboard route; else null.
     * Always null in an anonymised report (the route carries the tokens).
     */
    dashboardPath: z.string().nullable(),
  })
  .meta({ id: 'ReportContent' });
export type TReportContent = z.infer<typeof ZReportContent>;

/**
 * The report page's content (GET /api/report/content/...): the report's content without the risk section's chart
 * series (minMax, lines). The page shows the window tables; the series are the PDF's, drawn on the server from the
 * full content, and the dashboard's. Two thirds of the content's bytes were series the page never read (140 KB, 30 KB
 * over the wire, parsed before the page could paint; decision 0085).
 */
const ZReportPageRiskView = ZRiskView.pick({ table: true, maxDrawdown: true, volatility: true });
const ZReportPageRiskSection = ZRiskSection.extend({ nominal: ZReportPageRiskView, real: ZReportPageRiskView.nullable() }).meta({
  id: 'ReportPageRiskSection',
});
export const ZReportPageContent = ZReportContent.extend({
  risk: ZReportRisk.extend({ section: ZReportPageRiskSection.nullable() }).nullable(),
}).meta({ id: 'ReportPageContent' });
export type TReportPageContent = z.infer<typeof ZReportPageContent>;

export const ZCertificateContent = z
  .object({
    locale: z.enum(LOCALES),
    instanceToken: z.string(),
    status: z.enum(['VALID', 'REVOKED']),
    holder: z.object({ firstName: z.string(), lastName: z.string() }),
    interactionName: z.string(),
    accountName: z.string(),
    issuedAt: z.string(),
    completedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    /** Public URL of /verify/certificate/{verificationToken}. */
    verificationUrl: z.string(),
    /** The dimensions on which the holder scored above average or high, translated (no numbers on a certificate). */
    strengths: z.array(z.string()),
    texts: z.record(z.string(), z.string()),
    fileName: z.string(),
    /** The viewer is signed in to the issuing account with access to the result: may revoke it. */
    canManage: z.boolean(),
    /** For a signed-in evaluator of the issuing account who may see the result: its dashboard route; else null. */
    dashboardPath: z.string().nullable(),
  })
  .meta({ id: 'CertificateContent' });
export type TCertificateContent = z.infer<typeof ZCertificateContent>;

export const ZCertificateVerificationLink = z
  .object({ verificationToken: z.string(), verificationUrl: z.string() })
  .meta({ id: 'CertificateVerificationLink' });

/** GET /api/verification/certificate/{verificationToken}: public; unknown tokens answer 404 error.certificate.not_found. */
export const ZCertificateVerification = z
  .object({
    status: z.enum(['VALID', 'REVOKED']),
    /** Shown only while VALID; a revoked certificate names nobody. */
    holderName: z.string().nullable(),
    interactionName: z.string(),
    accountName: z.string(),
    issuedAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'CertificateVerification' });
export type TCertificateVerification = z.infer<typeof ZCertificateVerification>;

/** GET /api/report/download/{token}/info: what a mailed link downloads; 410 error.auto_report.expired after expiry. */
export const ZReportDownloadInfo = z
  .object({
    interactionType: z.enum(REPORT_TYPES),
    locale: z.enum(LOCALES),
    pageFormat: z.enum(PAGE_FORMATS),
    clientFirstName: z.string(),
    /** German names the client formally with the full name. */
    clientLastName: z.string(),
    interactionName: z.string(),
    accountName: z.string(),
    expiresAt: z.string(),
    fileName: z.string(),
  })
  .meta({ id: 'ReportDownloadInfo' });
export type TReportDownloadInfo = z.infer<typeof ZReportDownloadInfo>;

/** Download tokens are told apart from instance tokens by this prefix (same path, GET /api/report/download/{id}). */
export const REPORT_DOWNLOAD_TOKEN_PREFIX = 'rdl_';

/** POST /api/instance/{token}/report/email: the report mail went into the outbox for this address. */
export const ZReportEmailResponse = z
  .object({
    sentTo: z.string(),
    /** ISO timestamp of this mail (a repeat within a few seconds answers the same one). */
    reportSentAt: z.string(),
  })
  .meta({ id: 'ReportEmailResponse' });
export type TReportEmailResponse = z.infer<typeof ZReportEmailResponse>;

/**
 * GET /api/dashboard/{token}/fileNote: the adviser's file note PDF (docs/decisions/0030). locale defaults to the
 * signed-in user's, pageFormat to LETTER for EN_US and A4 otherwise.
 */
export const ZFileNoteQuery = z.object({
  locale: z.enum(LOCALES).optional(),
  pageFormat: z.enum(PAGE_FORMATS).optional(),
});
export type TFileNoteQuery = z.infer<typeof ZFileNoteQuery>;

/**
 * What the file note PDF prints, resolved in one locale on the server: the adviser-only texts of a result (limits in
 * the adviser's words, what to explain first, remarks, the consistency flag and its resolutions). Never a JSON answer.
 */
export const ZFileNoteContent = z.object({
  locale: z.enum(LOCALES),
  title: z.string(),
  /** "For the adviser's file – not for the client" and similar, one line each. */
  notice: z.string(),
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  sections: z.array(
    z.object({
      title: z.string(),
      lead: z.string().nullable(),
      points: z.array(z.string()),
      /** A section that asks the adviser to act (unresolved flag, explain first): printed with a warning bar. */
      warn: z.boolean(),
    }),
  ),
  accountName: z.string(),
  clientName: z.string(),
  fileName: z.string(),
  texts: z.object({ page: z.string(), confidential: z.string() }),
});
export type TFileNoteContent = z.infer<typeof ZFileNoteContent>;
