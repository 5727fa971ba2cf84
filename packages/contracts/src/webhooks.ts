// Signed webhooks (issue 38 point 3, docs/decisions/0090): an account's endpoints, the events they take, and what each
// delivery did. Signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); the secret (whsec_...)
// is shown once, when the endpoint is made or its secret rotated.
import { z } from 'zod';

/** The events an endpoint can take, in the order the settings page lists them. */
export const WEBHOOK_EVENTS = [
  'client.created',
  'client.updated',
  'client.erased',
  'interaction.sent',
  'interaction.opened',
  'interaction.completed',
  'interaction.expired',
  'result.available',
  'result.unlocked',
  'report.sent',
  'certificate.issued',
  'certificate.revoked',
  'decision.recorded',
  'review.due',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_ERRORS = {
  /** The URL is not https (only an operator's allowed host may use http). */
  httpsRequired: 'error.webhook.https_required',
  /** The URL's host is or resolves to a loopback, private, link-local or otherwise internal address. */
  privateAddress: 'error.webhook.private_address',
  /** The URL's host does not resolve. */
  unresolvable: 'error.webhook.unresolvable',
  /** The account has as many endpoints as it may have. */
  limitReached: 'error.webhook.limit_reached',
  /** A delivery can only be retried once it failed or was given up. */
  notRetryable: 'error.webhook.delivery_not_retryable',
} as const;

export const WEBHOOK_PAUSED_REASONS = ['GONE', 'FAILING', 'BY_ADMIN'] as const;
export type WebhookPausedReason = (typeof WEBHOOK_PAUSED_REASONS)[number];

export const WEBHOOK_LIMIT_PER_ACCOUNT = 20;
export const WEBHOOK_DESCRIPTION_MAX = 200;

const ZWebhookUrl = z
  .string()
  .trim()
  .max(2000, 'error.validation.too_long')
  .pipe(z.url({ protocol: /^https?$/, error: 'error.validation.url' }))
  .meta({ description: 'https URL the events are POSTed to; http only for a host the operator allowed (EGRESS_ALLOW_HOSTS)' });

const ZEvents = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, 'error.validation.required')
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

const ZDescription = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, 'error.validation.too_long');

export const ZCreateWebhookRequest = z
  .object({
    url: ZWebhookUrl,
    events: ZEvents,
    description: ZDescription.default(''),
    includePersonalData: z
      .boolean()
      .default(false)
      .meta({ description: "Off: payloads carry ids, status and API links only. On: also the client's name and e-mail" }),
  })
  .strict()
  .meta({ id: 'CreateWebhookRequest' });
export type TCreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;

export const ZUpdateWebhookRequest = z
  .object({
    url: ZWebhookUrl.optional(),
    events: ZEvents.optional(),
    description: ZDescription.optional(),
    includePersonalData: z.boolean().optional(),
    /** Resumes a paused endpoint (its failed deliveries stay failed; retry them one by one). */
    active: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'UpdateWebhookRequest' });
export type TUpdateWebhookRequest = z.infer<typeof ZUpdateWebhookRequest>;

export const ZWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    includePersonalData: z.boolean(),
    status: z.enum(['ACTIVE', 'PAUSED']),
    pausedReason: z
      .enum(WEBHOOK_PAUSED_REASONS)
      .nullable()
      .meta({ description: 'Why deliveries stopped: GONE (the endpoint answered 410), FAILING (a delivery failed for three days), BY_ADMIN' }),
    /** While a rotated secret is still accepted, deliveries carry two signatures until then. */
    previousSecretUntil: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Webhook' });
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZWebhookList = z.object({ webhooks: z.array(ZWebhook), events: z.array(z.enum(WEBHOOK_EVENTS)) }).meta({ id: 'WebhookList' });
export type TWebhookList = z.infer<typeof ZWebhookList>;

export const ZWebhookWithSecret = ZWebhook.extend({
  secret: z.string().meta({ description: 'whsec_ + base64 key to verify the signatures with; shown this once' }),
}).meta({ id: 'WebhookWithSecret' });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SENDING', 'DELIVERED', 'FAILED'] as const;

export const ZWebhookDelivery = z
  .object({
    id: z.string(),
    messageId: z.string().meta({ description: 'The webhook-id header: the same on every attempt of this delivery' }),
    event: z.string().meta({ description: 'One of the events, or webhook.test for a test sent from the settings page' }),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).meta({ description: 'FAILED: given up (three days of retries, a paused endpoint) or refused' }),
    attempts: z.number().int(),
    responseCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryList = z.object({ deliveries: z.array(ZWebhookDelivery) }).meta({ id: 'WebhookDeliveryList' });
export type TWebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;
