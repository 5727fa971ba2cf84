// Clients (the spec's bq_user / participant): create (POST /api/u), update (PATCH /api/admin/bq_user),
// deactivate, list (GET /api/participants), profile, and the client-count limit.
import { z } from 'zod';
import { INTERACTION_STATUSES } from '@bq/domain/interaction-lifecycle';
import { CLIENT_GROUPS, CLIENT_SOURCES, CLIENT_NAME_MAX_LENGTH, PHONE_PATTERN, SALUTATIONS } from '@bq/domain/client-rules';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES } from '@bq/domain/product-types';
import type { ReviewDueFilter } from '@bq/domain/yearly-review';
import { ZAnonymizedFields } from './anonymisation';
import { ZMailDelivery } from './mail';
import { zName } from './names';
import { ZReviewChange } from './review-change';

const requiredText = (max: number) =>
  z.string({ error: 'error.validation.required' }).trim().min(1, 'error.validation.required').max(max, 'error.validation.too_long');

/** The fields an evaluator types in; messages are errorKeys the form translates (spec section 5). */
const clientFieldShape = {
  firstName: zName(CLIENT_NAME_MAX_LENGTH),
  lastName: zName(CLIENT_NAME_MAX_LENGTH),
  email: requiredText(254).pipe(z.email('error.validation.invalid_email')),
  /** Optional; empty means none. */
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE_PATTERN.test(v), 'error.validation.phone')
    .nullish()
    .transform((v) => (v ? v : null)),
  group: z.enum(CLIENT_GROUPS),
  /** The client's language: questionnaires, mails and reports are in it. */
  locale: z.enum(LOCALES),
  /** How mails greet the client (Frau / Herr / the full name); see SALUTATIONS. */
  salutation: z.enum(SALUTATIONS, { error: 'error.validation.salutation' }),
};

/** For creating: group and language have defaults. */
export const ZClientFields = z.object({
  ...clientFieldShape,
  group: clientFieldShape.group.default('PROSPECT'),
  locale: clientFieldShape.locale.default('EN_US'),
  salutation: clientFieldShape.salutation.default('NEUTRAL'),
});

/** For updating: every field optional and without defaults, so an omitted field stays as it is. */
export const ZClientFieldsPatch = z.object(clientFieldShape).partial();

export const ZCreateClientRequest = ZClientFields.extend({ productConfigurationId: z.uuid() }).meta({ id: 'CreateClientRequest' });
export type TCreateClientRequest = z.input<typeof ZCreateClientRequest>;

/** Partial update by token; productConfigurationId names the product the evaluator is working in. */
export const ZUpdateClientRequest = ZClientFieldsPatch
  .extend({ token: z.string().min(1).max(100), productConfigurationId: z.uuid() })
  .meta({ id: 'UpdateClientRequest' });
export type TUpdateClientRequest = z.input<typeof ZUpdateClientRequest>;

export const ZDeactivateClientRequest = z.object({ productType: z.enum(PRODUCT_TYPES) }).meta({ id: 'DeactivateClientRequest' });

/** The lifecycle's statuses, for forms and filters (the rules live in @bq/domain/interaction-lifecycle). */
export { INTERACTION_STATUSES };

export const LOCK_STATUSES = ['LOCKED', 'UNLOCKED', 'TRIAL'] as const;
export const EXPIRATION_STATUSES = ['EXPIRED', 'EXPIRE_THIS_MONTH', 'EXPIRE_NEXT_MONTH'] as const;

export const ZInstanceSummary = z
  .object({
    token: z.string(),
    interactionId: z.string(),
    status: z.enum(INTERACTION_STATUSES),
    lockStatus: z.enum(LOCK_STATUSES),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    expirationStatus: z.enum(EXPIRATION_STATUSES).nullable(),
    /** The latest invitation mail of this instance and where it is (docs/decisions/0083); null if none was e-mailed. */
    invitationMail: ZMailDelivery.nullable(),
    /** The latest report mail of this instance and where it is; null if none was e-mailed. */
    reportMail: ZMailDelivery.nullable(),
  })
  .meta({ id: 'InstanceSummary' });
export type TInstanceSummary = z.infer<typeof ZInstanceSummary>;

export const ZClient = z
  .object({
    token: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    initials: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    group: z.enum(CLIENT_GROUPS),
    /** WEBSITE: came through a public start link (docs/decisions/0092); null: created or imported by an adviser. */
    source: z.enum(CLIENT_SOURCES).nullable(),
    locale: z.enum(LOCALES),
    /** NEUTRAL for a client anonymised for the viewer (a salutation tells who they are). */
    salutation: z.enum(SALUTATIONS),
    createdAt: z.string(),
    /** Whether the client is active in the product configuration the request was about. */
    active: z.boolean(),
    productConfigurationId: z.string(),
    /** When the client was erased (docs/decisions/0043); the names are then a pseudonym and cannot be edited. */
    erasedAt: z.string().nullable().optional(),
    /**
     * Anonymisation (docs/decisions/0021): with the viewer's allow-list on and the client not on it, the name fields,
     * e-mail and phone are blanked ("Client 12" in anonymizedName, initials "C12") or masked with stars, wherever
     * the client is opened.
     */
    ...ZAnonymizedFields.shape,
  })
  .meta({ id: 'Client' });
export type TClient = z.infer<typeof ZClient>;

export const CLIENT_SORTS = ['name', 'email', 'createdAt', 'lastActivity'] as const;

export const ZClientListQuery = z.object({
  productConfigurationId: z.uuid(),
  /** Searches first name, last name and e-mail (case-insensitive, contains). */
  q: z.string().trim().max(100).optional(),
  group: z.enum(CLIENT_GROUPS).optional(),
  /** Only clients who came this way, e.g. WEBSITE: through a public start link (0092 addendum). */
  source: z.enum(CLIENT_SOURCES).optional(),
  /** ACTIVE (default), INACTIVE or ALL clients of the product. */
  status: z.enum(['ACTIVE', 'INACTIVE', 'ALL']).default('ACTIVE'),
  /** Only clients whose latest interaction is in this status. */
  interactionStatus: z.enum(INTERACTION_STATUSES).optional(),
  /**
   * Only clients whose yearly review is due: their latest questionnaire has a result older than the product's review
   * period (reviewEveryMonths; none when it is 0) and no newer questionnaire was sent (docs/decisions/0093). `true`
   * (or `now`): due now; `month`: due by the end of the current month (UTC), the month's review round.
   */
  reviewDue: z
    .union([z.boolean(), z.enum(['true', 'false', 'now', 'month'])])
    .optional()
    .transform((v): ReviewDueFilter | false => (v === true || v === 'true' || v === 'now' ? 'now' : v === 'month' ? 'month' : false)),
  /** Only clients whose current portfolio is riskier than the suitable class of their latest result (decision 0091). */
  portfolioAboveProfile: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
  sort: z.enum(CLIENT_SORTS).default('lastActivity'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TClientListQuery = z.input<typeof ZClientListQuery>;

/** The client's latest finished result in the product (its dashboard is /{product}/client/{client}/dashboard/{token}). */
export const ZLatestResult = z
  .object({
    token: z.string(),
    /** When the questionnaire was completed (else when the instance was created). */
    finishedAt: z.string(),
    lockStatus: z.enum(LOCK_STATUSES),
  })
  .meta({ id: 'LatestResult' });
export type TLatestResult = z.infer<typeof ZLatestResult>;

/** The list shows no salutation: it is for the mails (and the edit form, which reads the profile). */
export const ZClientListItem = ZClient.omit({ salutation: true }).extend({
  lastInstance: ZInstanceSummary.nullable(),
  /** The latest instance with a result (RESULTS_AVAILABLE or PREDICTION_ERROR), which need not be lastInstance. */
  latestResult: ZLatestResult.nullable(),
  /**
   * When the client's yearly review is (or was) due: their latest questionnaire's result date plus the product's review
   * period. Null when the latest questionnaire has no result (a review or another questionnaire is under way) or the
   * product has no reviews.
   */
  reviewDueAt: z.string().nullable(),
}).meta({ id: 'ClientListItem' });
export type TClientListItem = z.infer<typeof ZClientListItem>;

export const ZClientListResponse = z
  .object({
    items: z.array(ZClientListItem),
    total: z.number().int(),
    /** True when more clients match than `total`: a search or group filter counts up to a limit (docs/decisions/0017). */
    totalIsLowerBound: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /**
     * The product's clients (on any page) whose latest invitation or report mail of the last 30 days has not left
     * after a failed attempt or was given up, with the newest server answer (without the recipient's address); null
     * when there are none (docs/decisions/0083).
     */
    mailProblems: z
      .object({ clients: z.number().int(), newestReason: z.string().nullable(), newestAt: z.string() })
      .nullable(),
  })
  .meta({ id: 'ClientListResponse' });
export type TClientListResponse = z.infer<typeof ZClientListResponse>;

export const ZClientProfile = ZClient.extend({
  productType: z.enum(PRODUCT_TYPES),
  instances: z.array(ZInstanceSummary),
  /**
   * The yearly review (docs/decisions/0093): when it is (or was) due, while the latest questionnaire is a result of a
   * risk product with reviews on; null otherwise (e.g. the review is under way).
   */
  reviewDueAt: z.string().nullable(),
  /** The latest result's date, which "start the review" starts from; null without a result. */
  latestResultAt: z.string().nullable(),
  /**
   * When the latest result is a yearly review (and both it and the result it reviewed are open to the viewer): what
   * changed since (docs/decisions/0093 addendum). The adviser's view; null otherwise.
   */
  reviewChange: ZReviewChange.nullable(),
}).meta({ id: 'ClientProfile' });
export type TClientProfile = z.infer<typeof ZClientProfile>;

/** A resource limit: limit null means unlimited; available says whether one more may be created. */
export const ZResourceLimit = z
  .object({ limit: z.number().int().nullable(), used: z.number().int(), available: z.boolean() })
  .meta({ id: 'ResourceLimit' });
export type TResourceLimit = z.infer<typeof ZResourceLimit>;
