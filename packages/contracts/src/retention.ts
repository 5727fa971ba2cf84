// Retention per account and data class (issue 23 point 7, docs/decisions/0044): what the account admin sets, the
// fixed periods shown beside them, and the preview of what the daily retention job removes in the next 30 days.
import { z } from 'zod';

/** Advisory results and evidence: at least 5 years after the relationship ends, 7 when the account says so. */
export const ADVISORY_RETENTION_YEARS = [5, 7] as const;
/** Selection and performance data: months after the campaign or result; 6 unless the account sets otherwise. */
export const SELECTION_RETENTION_MONTHS = { min: 1, max: 36, default: 6 } as const;
/** Fixed periods: mails (their address and content) and audit events. */
export const MAIL_RETENTION_DAYS = 90;
export const AUDIT_RETENTION_YEARS = 7;
/** How far ahead the preview looks. */
export const RETENTION_PREVIEW_DAYS = 30;

export const ZRetentionSettings = z
  .object({
    advisoryYears: z.union([z.literal(5), z.literal(7)], { message: 'error.validation.retention_advisory_years' }),
    selectionMonths: z
      .number({ message: 'error.validation.retention_selection_months' })
      .int('error.validation.retention_selection_months')
      .min(SELECTION_RETENTION_MONTHS.min, 'error.validation.retention_selection_months')
      .max(SELECTION_RETENTION_MONTHS.max, 'error.validation.retention_selection_months'),
  })
  .strict()
  .meta({ id: 'RetentionSettings' });
export type TRetentionSettings = z.infer<typeof ZRetentionSettings>;

/** Counts per data class; never names. */
export const ZRetentionCounts = z
  .object({
    /** Results (with answers, certificates and report links) of advisory products whose retention ended. */
    advisoryResults: z.number().int(),
    /** Results of selection and performance products (with their campaign entries). */
    selectionResults: z.number().int(),
    /** Clients left with no result and no advisory relationship: deleted. */
    clients: z.number().int(),
    /** Mails whose address and content are removed (the record that a mail was sent stays). */
    mails: z.number().int(),
  })
  .meta({ id: 'RetentionCounts' });
export type TRetentionCounts = z.infer<typeof ZRetentionCounts>;

export const ZRetentionResponse = ZRetentionSettings.extend({
  mailDays: z.literal(MAIL_RETENTION_DAYS),
  auditYears: z.literal(AUDIT_RETENTION_YEARS),
  updatedAt: z.string().nullable(),
}).meta({ id: 'RetentionResponse' });
export type TRetentionResponse = z.infer<typeof ZRetentionResponse>;

export const ZRetentionPreview = z
  .object({
    /** The preview's window: from now to `until` (RETENTION_PREVIEW_DAYS ahead), ISO 8601. */
    until: z.string(),
    /** What the daily job removes by `until` under the saved settings, counted per class. */
    counts: ZRetentionCounts,
    /** Audit events older than the fixed period; removing them is an operator's task (ADR 0044). */
    auditEventsPastRetention: z.number().int(),
  })
  .meta({ id: 'RetentionPreview' });
export type TRetentionPreview = z.infer<typeof ZRetentionPreview>;
