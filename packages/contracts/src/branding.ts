// The firm's own branding (docs/decisions/0055) and sender and host names (docs/decisions/0056): the account admin's
// settings, the participant pages' public read, the operator's switches.
import { z } from 'zod';
import { HEX_COLOR } from '@bq/domain/contrast';
import { zName } from './names';

export const BRANDING_ERRORS = {
  contrast: 'error.branding.contrast',
  logoType: 'error.branding.logo_type',
  logoTooLarge: 'error.branding.logo_too_large',
  logoUnsafe: 'error.branding.logo_unsafe',
  logoInvalid: 'error.branding.logo_invalid',
  hostTaken: 'error.branding.host_taken',
} as const;

/** Why an account's own SMTP server was not saved (docs/decisions/0067); the message carries the server's reason. */
export const SENDER_ERRORS = {
  /** The host is, or resolves to, a loopback, private, link-local, metadata or other non-public address. */
  privateAddress: 'error.sender.private_address',
  /** The host name has no address. */
  unresolvable: 'error.sender.unresolvable',
  /** Connecting, greeting, signing in or the test mail failed (or timed out). */
  connectionFailed: 'error.sender.connection_failed',
  /** The server offers no TLS (STARTTLS or TLS on 465) and plain text was not explicitly allowed. */
  tlsUnavailable: 'error.sender.tls_unavailable',
} as const;

/** Bytes of an uploaded logo, before it is re-encoded or sanitised. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** Pixels per side of a PNG logo. */
export const LOGO_MAX_SIDE = 2000;

/** #rrggbb; the server refuses one failing WCAG AA on text with BRANDING_ERRORS.contrast (passesTextContrast). */
const zColor = z
  .string()
  .regex(HEX_COLOR, 'error.validation.invalid_format')
  .transform((c) => c.toLowerCase());
const zLine = (max: number) => z.string().trim().max(max, 'error.validation.too_long');

/** The firm's own reply address: a plain e-mail address, checked the same way in the form and on the server. */
export const ZFirmReplyTo = z.string().trim().max(254, 'error.validation.too_long').pipe(z.email('error.validation.invalid_email'));

export const ZUpdateBrandingRequest = z
  .object({
    firmName: zName(120).nullable(),
    /** Street, town: a few lines of plain text. */
    address: zLine(500).nullable(),
    footerLine: zName(200).nullable(),
    primaryColor: zColor.nullable(),
    accentColor: zColor.nullable(),
    /** The account's questionnaires show one question at a time below 480 px wide (issue 27); absent: unchanged. */
    oneQuestionPerScreen: z.boolean().optional(),
    /** Where clients' replies go when no active adviser is behind a mail (docs/decisions/0083); absent: unchanged. */
    replyTo: ZFirmReplyTo.nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdateBrandingRequest' });
export type TUpdateBrandingRequest = z.infer<typeof ZUpdateBrandingRequest>;

const brandingFields = {
  firmName: z.string().nullable(),
  address: z.string().nullable(),
  footerLine: z.string().nullable(),
  primaryColor: z.string().nullable(),
  accentColor: z.string().nullable(),
  /** Where the logo is read (same origin), or null without one. */
  logoUrl: z.string().nullable(),
};

export const ZBranding = z
  .object({
    ...brandingFields,
    logoType: z.enum(['image/png', 'image/svg+xml']).nullable(),
    /** Set by a platform operator: no "powered by" line on this account's pages, mails and PDFs. */
    poweredByHidden: z.boolean(),
    /** Host names an operator assigned to the account. */
    hosts: z.array(z.string()),
    /** One question at a time on screens below 480 px wide (on unless the account turns it off). */
    oneQuestionPerScreen: z.boolean(),
    /** The firm's reply address for client mails without an active adviser; null: none. */
    replyTo: z.string().nullable(),
  })
  .meta({ id: 'Branding' });
export type TBranding = z.infer<typeof ZBranding>;

/** What a participant page shows: all null for an account without branding. */
export const ZPublicBranding = z
  .object({ ...brandingFields, poweredBy: z.boolean() })
  .meta({ id: 'PublicBranding' });
export type TPublicBranding = z.infer<typeof ZPublicBranding>;

export const ZBrandingTokenParams = z.object({ token: z.string().min(1).max(200) });

/** A logo link: `v` the logo's version (its hash, for caching); `format=png` the logo as a PNG also when it is an SVG. */
export const ZBrandingLogoQuery = z.object({ v: z.string().max(64).optional(), format: z.enum(['png']).optional() });

const zHost = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'error.validation.too_long')
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'error.validation.invalid_format');

export const ZOperatorBrandingRequest = z
  .object({ poweredByHidden: z.boolean(), hosts: z.array(zHost).max(20) })
  .strict()
  .meta({ id: 'OperatorBrandingRequest' });
export type TOperatorBrandingRequest = z.infer<typeof ZOperatorBrandingRequest>;
export const ZAccountIdParams = z.object({ id: z.uuid() });

export const ZTlsAllowedQuery = z.object({ domain: z.string().min(1).max(253) });

export const ZSenderSettings = z
  .object({
    configured: z.boolean(),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    user: z.string().nullable(),
    passwordSet: z.boolean(),
    fromAddress: z.string().nullable(),
    /** The account waived TLS: its password and mails cross the network in clear text. */
    allowPlaintext: z.boolean(),
  })
  .meta({ id: 'SenderSettings' });
export type TSenderSettings = z.infer<typeof ZSenderSettings>;

export const ZUpdateSenderRequest = z
  .object({
    // A single-label name too (an on-premises relay an operator allowed, EGRESS_ALLOW_HOSTS); which addresses it may
    // reach is the server's check after DNS, not the schema's.
    host: zHost.or(z.ipv4()).or(z.ipv6()).or(z.string().trim().toLowerCase().regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, 'error.validation.invalid_format')),
    port: z.number().int().min(1).max(65535),
    user: z.string().max(200).nullable(),
    /** Leave out to keep the stored password; null removes it. */
    password: z.string().max(500).nullable().optional(),
    fromAddress: z.email('error.validation.invalid_email').max(254),
    /**
     * TLS is required (STARTTLS, or TLS from the start on port 465) unless this is true: then a server without TLS is
     * used in clear text, password included. Only for a relay on a network the firm trusts.
     */
    allowPlaintext: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'UpdateSenderRequest' });
export type TUpdateSenderRequest = z.infer<typeof ZUpdateSenderRequest>;
