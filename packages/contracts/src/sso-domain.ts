// An e-mail domain an account claims for single sign-on (OpenID Connect and SAML alike, docs/decisions/0046).
import { z } from 'zod';

/** A DNS name in lower case (no scheme, no @, no trailing dot): example.com, mail.bank.example. */
export const ZSsoDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'error.sso.invalid_domain');

export const SSO_DOMAINS_MAX = 20;
