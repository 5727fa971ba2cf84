// Public start links (issue 38 point 5, docs/decisions/0092): a link per product configuration that a firm puts on its
// website or embeds; a visitor reads the privacy notice, leaves name and e-mail, confirms the address by a mail link and
// answers the questionnaire as a new client marked as a lead. Admin: /api/account/public-links; visitor: /api/start/*.
import { z } from 'zod';
import { CLIENT_NAME_MAX_LENGTH } from '@bq/domain/client-rules';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES } from '@bq/domain/product-types';
import { ZPublicBranding } from './branding';
import { ZPrivacyPolicyText } from './privacy-policy';
import { zName } from './names';

export const PUBLIC_LINK_ERRORS = {
  /**
   * One answer for every start the bot checks refuse (too fast, honeypot filled): a bot learns nothing about which
   * check it failed. A person who sent the form within seconds is asked to check it and send it again.
   */
  refused: 'error.public_link.start_refused',
  /** The verification link was used already (the questionnaire it made goes on at its own address). */
  used: 'error.public_link.verification_used',
  /** The verification link is older than it may be. */
  expired: 'error.public_link.verification_expired',
  /** The account has as many links as it may have. */
  limitReached: 'error.public_link.limit_reached',
  /** The account may not take new clients now (its client or interaction limit). */
  unavailable: 'error.public_link.unavailable',
} as const;

/** A visitor who sends the form sooner than this after it was shown is refused as a bot. */
export const PUBLIC_START_MIN_SECONDS = 3;
/** How long a start's verification link works. */
export const PUBLIC_START_VALID_HOURS = 24;
export const PUBLIC_LINK_LIMIT_PER_ACCOUNT = 50;
export const PUBLIC_LINK_ORIGINS_MAX = 10;

/** 16 random bytes, base64url: 22 characters. Any other text is looked up all the same and is 404 like a missing link. */
export const ZPublicLinkParams = z.object({ publicId: z.string().min(1).max(64) });

/** A site that may embed the start page: an https origin, nothing after the host (and port). */
export const ZEmbedOrigin = z
  .string()
  .trim()
  .max(300, 'error.validation.too_long')
  .transform((text, ctx) => {
    let url: URL | null = null;
    try {
      url = new URL(text);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'https:' || url.origin === 'null' || text.replace(/\/$/, '') !== url.origin || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'error.public_link.origin_invalid' });
      return z.NEVER;
    }
    return url.origin;
  })
  .meta({ description: 'https://host[:port], no path', example: 'https://www.example-advisers.com' });

export const ZCreatePublicLinkRequest = z.object({ productConfigurationId: z.uuid() }).meta({ id: 'CreatePublicLinkRequest' });
export type TCreatePublicLinkRequest = z.infer<typeof ZCreatePublicLinkRequest>;

export const ZUpdatePublicLinkRequest = z
  .object({
    active: z.boolean().optional(),
    embedOrigins: z
      .array(ZEmbedOrigin)
      .max(PUBLIC_LINK_ORIGINS_MAX, 'error.validation.too_long')
      .transform((origins) => [...new Set(origins)])
      .optional(),
  })
  .meta({ id: 'UpdatePublicLinkRequest' });
export type TUpdatePublicLinkRequest = z.input<typeof ZUpdatePublicLinkRequest>;
export type TUpdatePublicLinkChanges = z.output<typeof ZUpdatePublicLinkRequest>;

export const ZPublicLink = z
  .object({
    publicId: z.string(),
    /** The page's address: put it on the website, or in the iframe snippet. */
    url: z.string(),
    productConfigurationId: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    active: z.boolean(),
    embedOrigins: z.array(z.string()),
    /** Visitors who confirmed their address and became clients. */
    leads: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'PublicLink' });
export type TPublicLink = z.infer<typeof ZPublicLink>;

export const ZPublicLinkList = z.object({ links: z.array(ZPublicLink) }).meta({ id: 'PublicLinkList' });
export type TPublicLinkList = z.infer<typeof ZPublicLinkList>;

/** The account's switch for all its start links (0092 addendum): off, every link answers as an unknown one. */
export const ZPublicLinkSettings = z.object({ enabled: z.boolean() }).meta({ id: 'PublicLinkSettings' });
export type TPublicLinkSettings = z.infer<typeof ZPublicLinkSettings>;

/** What the start page shows before the visitor writes anything. */
export const ZPublicStartInfo = z
  .object({
    branding: ZPublicBranding.extend({ firmName: z.string() }),
    productType: z.enum(PRODUCT_TYPES),
    /** The firm's privacy notice in the visitor's language (or the nearest the firm has); null when it has none. */
    privacyPolicy: ZPrivacyPolicyText.nullable(),
    /** Sent back with the form: when the server showed it, signed, so a form sent within seconds is known as a bot's. */
    formToken: z.string(),
  })
  .meta({ id: 'PublicStartInfo' });
export type TPublicStartInfo = z.infer<typeof ZPublicStartInfo>;

export const ZPublicStartQuery = z.object({ locale: z.enum(LOCALES).optional() });

export const ZPublicStartRequest = z
  .object({
    firstName: zName(CLIENT_NAME_MAX_LENGTH),
    lastName: zName(CLIENT_NAME_MAX_LENGTH),
    email: z.string().trim().min(1, 'error.validation.required').max(254, 'error.validation.too_long').pipe(z.email('error.validation.invalid_email')),
    locale: z.enum(LOCALES).default('EN_US'),
    /** The visitor read the privacy notice. */
    privacyAccepted: z.literal(true, { error: 'error.validation.required' }),
    /** Hidden from people; a bot that fills every field fills it. */
    website: z.string().max(500).optional(),
    /** The formToken of the start info: the server's signed time the form was shown (the time check). */
    formToken: z.string().min(1).max(200),
  })
  .meta({ id: 'PublicStartRequest' });
export type TPublicStartRequest = z.input<typeof ZPublicStartRequest>;

/** The same answer whatever the address: it does not tell whether the firm already knows it. */
export const ZPublicStartResponse = z.object({ sentTo: z.string(), expiresAt: z.string() }).meta({ id: 'PublicStartResponse' });
export type TPublicStartResponse = z.infer<typeof ZPublicStartResponse>;

export const ZPublicVerifyRequest = z.object({ token: z.string().min(20).max(100) }).meta({ id: 'PublicVerifyRequest' });
/** The questionnaire the confirmed visitor answers: /q/{instanceToken}. */
export const ZPublicVerifyResponse = z.object({ instanceToken: z.string() }).meta({ id: 'PublicVerifyResponse' });
export type TPublicVerifyResponse = z.infer<typeof ZPublicVerifyResponse>;
