// BI (spec sections 3 and 7; docs/decisions/0021): categories per product, a category's distribution by client
// group, and the clients behind a category.
import { z } from 'zod';
import { CLIENT_GROUPS } from '@bq/domain/client-rules';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES } from '@bq/domain/product-types';
import { ZAnonymizedFields } from './anonymisation';

export const BI_CATEGORY_KINDS = ['DIMENSION', 'RISK_CLASS', 'INVESTMENT_STYLE'] as const;

/** Locale as the spec reads it: upper-cased, unknown values fall back to EN_US. */
const ZLocaleParam = z
  .string()
  .max(10)
  .optional()
  .transform((v) => {
    const upper = (v ?? '').toUpperCase();
    return (LOCALES as readonly string[]).includes(upper) ? (upper as (typeof LOCALES)[number]) : 'EN_US';
  });

export const ZBiProductParams = z.object({ product: z.enum(PRODUCT_TYPES) });
export const ZBiCategoryParams = ZBiProductParams.extend({ key: z.string().min(1).max(120).regex(/^[a-z0-9_.-]+$/i, 'error.validation') });

export const ZBiCategoriesQuery = z.object({ locale: ZLocaleParam });
export const ZBiCategoryQuery = z.object({ locale: ZLocaleParam, group: z.enum(CLIENT_GROUPS).optional() });
export const ZBiClientsQuery = z.object({
  locale: ZLocaleParam,
  group: z.enum(CLIENT_GROUPS).optional(),
  /** Repeated: the buckets of the category to show (any of them); none means every bucket. */
  filter: z
    .union([z.string().min(1).max(60), z.array(z.string().min(1).max(60)).max(20)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TBiClientsQuery = z.input<typeof ZBiClientsQuery>;

export const ZBiBucket = z.object({ key: z.string(), label: z.string() }).meta({ id: 'BiBucket' });

export const ZBiCategory = z
  .object({
    key: z.string(),
    kind: z.enum(BI_CATEGORY_KINDS),
    label: z.string(),
    description: z.string(),
    buckets: z.array(ZBiBucket),
  })
  .meta({ id: 'BiCategory' });
export type TBiCategory = z.infer<typeof ZBiCategory>;

export const ZBiCategoriesResponse = z
  .object({ productType: z.string(), locale: z.enum(LOCALES), categories: z.array(ZBiCategory) })
  .meta({ id: 'BiCategories' });
export type TBiCategoriesResponse = z.infer<typeof ZBiCategoriesResponse>;

/** One cell: a count, or null with tooFewToShow when it covers anonymised people below the account's k. */
export const ZBiCount = z.object({ count: z.number().int().nullable(), tooFewToShow: z.boolean() }).meta({ id: 'BiCount' });
export type TBiCount = z.infer<typeof ZBiCount>;

export const ZBiDistributionRow = z
  .object({ bucket: z.string(), label: z.string(), PROSPECT: ZBiCount, ESTABLISHED: ZBiCount })
  .meta({ id: 'BiDistributionRow' });

export const ZBiCategoryResponse = z
  .object({
    category: ZBiCategory,
    locale: z.enum(LOCALES),
    group: z.enum(CLIENT_GROUPS).nullable(),
    rows: z.array(ZBiDistributionRow),
    totals: z.object({ PROSPECT: ZBiCount, ESTABLISHED: ZBiCount }),
    /** The floor applied (null when the viewer's allow-list is off and nobody is anonymised). */
    anonymityK: z.number().int().nullable(),
    /** Clients (of the groups asked) whose latest result is locked: counted here, in no bucket (decision 0029). */
    lockedNotIncluded: z.number().int(),
    texts: z.record(z.string(), z.string()),
  })
  .meta({ id: 'BiCategoryDetails' });
export type TBiCategoryResponse = z.infer<typeof ZBiCategoryResponse>;

export const ZBiClient = z
  .object({
    token: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    group: z.enum(CLIENT_GROUPS),
    bucket: z.string(),
    bucketLabel: z.string(),
    resultToken: z.string(),
    finishedAt: z.string(),
  })
  .extend(ZAnonymizedFields.shape)
  .meta({ id: 'BiClient' });
export type TBiClient = z.infer<typeof ZBiClient>;

export const ZBiClientsResponse = z
  .object({
    category: ZBiCategory,
    items: z.array(ZBiClient),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Clients (of the group asked) whose latest result is locked: never listed with a bucket (decision 0029). */
    lockedNotIncluded: z.number().int(),
  })
  .meta({ id: 'BiClients' });
export type TBiClientsResponse = z.infer<typeof ZBiClientsResponse>;
