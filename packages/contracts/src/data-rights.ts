// A client's rights under the GDPR (docs/decisions/0043): a copy of everything held about the person (Art. 15 and 20,
// GET /api/client/{token}/personal-data, a ZIP) and erasure (Art. 17, POST /api/client/{token}/erase), which keeps
// the pseudonymised results that a retention duty covers and says so per result.
import { z } from 'zod';
import { PRODUCT_TYPES } from '@bq/domain/product-types';

/** Why a result outlives its client's erasure; null: no duty, it is deleted. */
export const RETENTION_DUTIES = ['MIFID_II_RECORD_KEEPING'] as const;
export type RetentionDuty = (typeof RETENTION_DUTIES)[number];

export const ZErasureResult = z
  .object({
    productType: z.enum(PRODUCT_TYPES),
    interactionId: z.string(),
    status: z.string(),
    createdAt: z.string(),
    /** Kept pseudonymised (no name, no e-mail, no token that opens it), or deleted with its answers. */
    kept: z.boolean(),
    /** The duty that keeps it; null when deleted. */
    retentionDuty: z.enum(RETENTION_DUTIES).nullable(),
    /** Until when the duty keeps it (ISO date); null when deleted. */
    keepUntil: z.string().nullable(),
  })
  .meta({ id: 'ErasureResult' });
export type TErasureResult = z.infer<typeof ZErasureResult>;

/**
 * GET /api/client/{token}/erasure: what erasing would keep and delete, and the security code the adviser types to
 * confirm (a guard against slips, not a secret; it changes whenever the client changes).
 */
export const ZErasurePreview = z
  .object({
    clientToken: z.string(),
    /** Set once the client has been erased; then nothing more is erased. */
    erasedAt: z.string().nullable(),
    securityCode: z.string(),
    results: z.array(ZErasureResult),
  })
  .meta({ id: 'ErasurePreview' });
export type TErasurePreview = z.infer<typeof ZErasurePreview>;

export const ZEraseClientRequest = z
  .object({
    /** The four digits the erasure preview showed. */
    securityCode: z.string().trim().regex(/^\d{4}$/, 'error.validation.security_code'),
  })
  .meta({ id: 'EraseClientRequest' });
export type TEraseClientRequest = z.infer<typeof ZEraseClientRequest>;

export const ZEraseClientResponse = z
  .object({
    clientToken: z.string(),
    erasedAt: z.string(),
    results: z.array(ZErasureResult),
    /** How many rows of each kind were deleted or emptied (mails keep their date and kind, nothing else). */
    removed: z.object({
      results: z.number().int(),
      reportLinks: z.number().int(),
      certificates: z.number().int(),
      mails: z.number().int(),
      /** Rows of the participant access log: the client's IP addresses and browsers on their own pages (decision 0068). */
      accessLogRows: z.number().int(),
    }),
  })
  .meta({ id: 'EraseClientResponse' });
export type TEraseClientResponse = z.infer<typeof ZEraseClientResponse>;

export const DATA_RIGHTS_ERRORS = {
  securityCode: 'error.data_rights.security_code_mismatch',
  erased: 'error.data_rights.already_erased',
} as const;
