// Every environment variable the server reads, parsed once with zod. A bad value stops start-up with a
// message naming the variable; nothing else in the server reads process.env.
import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { keyId, type DataKeys } from './plugins/data-encryption';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  /** Embedded PGlite data directory, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** A streaming replica of DATABASE_URL's database: BI calls and exports read there (docs/decisions/0059). */
  DATABASE_REPLICA_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** The embedded PGlite on a worker thread of its own (docs/decisions/0058); `false` runs it on the API's thread. */
  PGLITE_THREAD: bool.default(true),
  /** all = API and worker in one process (the only choice on PGlite); api / worker split them on PostgreSQL. */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** Seed the demo account and logins. Defaults to on in the embedded mode only; refused in production. */
  DEMO_DATA: bool.optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  /** Secure cookies: auto = when the request arrived over HTTPS (X-Forwarded-Proto behind TRUST_PROXY). */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: bool.default(false),
  /**
   * Strict-Transport-Security max-age for responses that went out over HTTPS (directly, or behind TRUST_PROXY
   * with X-Forwarded-Proto: https); 0 switches HSTS off. Never sent over plain HTTP.
   */
  HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(63_072_000).default(15_552_000),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  /**
   * The general limit on public writes and event-writing public reads (plugins/rate-limit.ts, docs/decisions/0072): each
   * such route takes so many requests a minute per client IP. Off only for benchmarks that play thousands of
   * participants from one address (bench/burst.ts, bench/run.ts); behind a proxy set TRUST_PROXY instead.
   */
  PUBLIC_RATE_LIMIT: bool.default(true),
  /** Sign-ups an IP may start in an hour (docs/decisions/0023 limits); a test bed behind one address raises it. */
  SIGNUP_MAX_PER_IP: z.coerce.number().int().positive().default(10),
  /**
   * The address participants and e-mail links use, e.g. https://advice.example.com (every absolute URL the server
   * writes: invitations, report and verification links, Message-IDs). Default http://localhost:PORT, except in
   * production, where it is required: behind a proxy the server cannot know the name people reach it by.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Folder of the built web app; defaults to apps/web/dist next to the server. */
  WEB_DIST_DIR: z.string().optional(),
  /** Embedded demo: a Shiller-format CSV imported at first start (default: the public-domain S&P 500 series shipped in features/market-history/data). */
  MARKET_HISTORY_CSV: z.string().min(1).optional(),
  /** How long the download link in an auto report mail stays valid (/report/{token}/download). */
  REPORT_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Days a participant's IP address and browser are kept in the participant access log (decision 0068). */
  PARTICIPANT_ACCESS_LOG_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How often an idle worker asks the queue for jobs. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /**
   * Outgoing mail server, e.g. smtps://user:pass@mail.example.com:465 or smtp://relay:587 (STARTTLS when offered).
   * Unset: every mail is written as an .eml file to DATA_DIR/mail (docs/decisions/0010-mail.md).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /**
   * Sender of every mail: an address, optionally with a display name, e.g. "Advice Ltd" <no-reply@advice.example>.
   * Default: "BQ Platform" <no-reply@{host of PUBLIC_URL}>.
   */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an e-mail address, optionally "Name" <address>')
    .optional(),
  /**
   * Whom the enterprise package names as its contact on the credits page (docs/decisions/0033).
   * Default: sales@{host of PUBLIC_URL}.
   */
  SALES_CONTACT_EMAIL: z.email('must be an e-mail address').optional(),
  /**
   * The developer mailbox (/dev/mailbox: every mail with its links) for the embedded demo. Off unless set; only
   * with the embedded database and demo data, never in production, and then only for the demo account's admin.
   */
  DEV_MAILBOX: bool.default(false),
  /**
   * How long a mail being handed to the mail server belongs to the worker that claimed it (docs/decisions/0026).
   * A mail still SENDING after this (its worker died mid-send) is sent again, with the same Message-ID, by the next
   * recovery sweep (every REMINDER_CHECK_SECONDS, and when a worker starts). The SMTP timeouts stay under a third of
   * it, so a live send never outlasts it; the delivery job expires after twice it.
   */
  MAIL_SEND_LEASE_SECONDS: z.coerce.number().int().min(6).max(3600).default(300),
  /**
   * SMTP connections a worker keeps open and sends over at once (nodemailer's pool; each carries up to 100 messages
   * before it is renewed). The mail server's pace then sets the rate (docs/decisions/0057).
   */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  /** Mails the outbox dispatcher claims from one account per round, so one account's burst cannot starve another's. */
  MAIL_DISPATCH_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * Host names (or IP addresses) that outbound connections made for an account may reach although they are internal,
   * comma-separated, e.g. an on-premises mail relay an account's own sender may use (docs/decisions/0067). Every other
   * host that is or resolves to a loopback, private, link-local, shared, metadata, multicast or reserved address is
   * refused. Compared as given, case-insensitively; empty by default.
   */
  EGRESS_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((list) => [...new Set(list.split(',').map((h) => h.trim().toLowerCase().replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1')).filter(Boolean))])
    .pipe(z.array(z.string().regex(/^[a-z0-9.:_-]+$/, 'must be a comma-separated list of host names or IP addresses'))),
  /**
   * How long an account's own SMTP server may take to accept the connection and to greet (each), when its settings
   * are saved and at every delivery; idle time within the conversation may be twice this. Kept short: a server that
   * does not answer holds only its own account's delivery slot, and only this long per attempt.
   */
  SENDER_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(10),
  /**
   * Webhooks (docs/decisions/0090): how long an endpoint may take to connect and answer, per attempt; a slower one
   * counts as failed and is tried again later.
   */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(10),
  /** How often the worker looks for webhook deliveries that are due (a new event waits at most this long). */
  WEBHOOK_POLL_SECONDS: z.coerce.number().min(0.2).max(300).default(2),
  /** How often the worker looks for automatic reminders that are due. */
  REMINDER_CHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * Sign in with Google: the OAuth client id registered at the issuer. Unset: no Google button, POST /api/oauth/google is 404.
   */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  /** Its client secret: the authorization code is exchanged with it (code flow with PKCE). Unset: no Google button. */
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).max(2000).optional(),
  /** The OpenID Connect issuer whose ID tokens are accepted (its discovery document names the keys). Tests point it at a local issuer. */
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  /**
   * CRM sync (docs/decisions/0094): the OAuth clients the operator registered at Salesforce (a connected app) and
   * HubSpot (a public app). Unset: that CRM is shown as not available and cannot be connected. Every call goes through
   * the egress gate (a host in EGRESS_ALLOW_HOSTS may be internal, e.g. the tests' local stand-ins).
   */
  SALESFORCE_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  SALESFORCE_CLIENT_SECRET: z.string().trim().min(1).max(2000).optional(),
  /** Where Salesforce's authorize and token endpoints are (https://test.salesforce.com for sandboxes). */
  SALESFORCE_LOGIN_URL: z.url({ protocol: /^https?$/ }).default('https://login.salesforce.com'),
  /** The REST API version the sync calls (/services/data/vXX.X). */
  SALESFORCE_API_VERSION: z.string().regex(/^\d{2,3}\.\d$/).default('62.0'),
  HUBSPOT_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  HUBSPOT_CLIENT_SECRET: z.string().trim().min(1).max(2000).optional(),
  /** HubSpot's authorize page and its API host (token endpoint and CRM objects). */
  HUBSPOT_AUTH_URL: z.url({ protocol: /^https?$/ }).default('https://app.hubspot.com'),
  HUBSPOT_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.hubapi.com'),
  /** How long a CRM may take per request. */
  CRM_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL: connections per process (API or worker); keep processes x DB_POOL_SIZE under the server's max_connections. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** The client list counts the matches of a search or group filter up to this many; above it, "more than". */
  CLIENT_LIST_COUNT_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /**
   * How long an API process keeps a session with its user's permissions in memory (docs/decisions/0026). Sign-out,
   * password change and deactivation in the same process take effect at once; other processes see them within
   * this time. Default 5, 0 = off (the default under NODE_ENV=test, where tests change users in the database).
   */
  AUTH_CACHE_SECONDS: z.coerce.number().min(0).max(60).optional(),
  /**
   * How long an API process may answer a repeated GET of a cacheable route (the dashboard, the client list, a report,
   * the signed-in user) from memory (docs/decisions/0027). A committed write to the account's data ends it at once
   * (database notifications); this bounds what depends on the clock alone (an invitation expiring). Default 30,
   * 0 = off (the default under NODE_ENV=test, where tests that need it turn it on).
   */
  RESPONSE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /** Most memory the response cache of one API process holds, in MB; the least recently used answers go first. */
  RESPONSE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /**
   * Session-replay analytics (spec section 9): the site id of the recording service (Hotjar-style, digits), loaded
   * with snippet version 6 only after the visitor consents, never on public report or questionnaire pages. Unset:
   * off, and the CSP allows none of its hosts (docs/decisions/0026).
   */
  SESSION_REPLAY_ID: z.string().regex(/^\d{1,12}$/, 'must be the numeric site id').optional(),
  /** Serve the bench's bare baseline routes (/api/bench/hello, /api/bench/one-query): for `npm run bench` only, off by default. */
  BENCH_ROUTES: bool.default(false),
  /**
   * Benchmarks only (`npm run bench -- audit`, docs/decisions/0039): the server records no request events, so the
   * trail's cost can be measured against the same build. Refused unless BENCH_ROUTES is on too.
   */
  BENCH_WITHOUT_AUDIT_TRAIL: bool.default(false),
  /**
   * Bearer token for GET /api/metrics (Prometheus). Unset: the endpoint answers 404 (docs/decisions/0026).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Bearer token for POST /api/mail/bounces, where the operator's mail system hands in late bounces (RFC 3464 delivery
   * reports). Unset: the endpoint answers 404 (docs/decisions/0083).
   */
  MAIL_BOUNCE_TOKEN: z.string().min(16).optional(),
  /** Seconds a SIGTERM waits for in-flight requests and jobs before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(25),
  /** PostgreSQL: calculations one worker process runs at the same time (the embedded PGlite runs one at a time). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  /**
   * Who takes card payments for credits (docs/decisions/0024-payments.md): stripe (Stripe Checkout) or sandbox (the
   * built-in provider, no real payment). Default: stripe when STRIPE_SECRET_KEY is set, else sandbox outside production.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_...) or restricted key (rk_...)').optional(),
  /** The signing secret of the Stripe webhook endpoint /api/payment/webhook/stripe (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a Stripe webhook signing secret (whsec_...)').optional(),
  /** Another address for Stripe's API, e.g. http://127.0.0.1:12111 for a local imitation; default Stripe's own. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The sandbox provider signs its webhooks with this (HMAC-SHA256); default a random secret per process. */
  PAYMENT_SANDBOX_SECRET: z.string().min(32).optional(),
  /** The sandbox provider is refused in production unless this says so (a demo or staging system). */
  PAYMENT_SANDBOX_IN_PRODUCTION: bool.default(false),
  /**
   * The key that encrypts secrets kept in the database (TOTP secrets, docs/decisions/0040): 32 random bytes in base64,
   * e.g. `openssl rand -base64 32`. Required in production; elsewhere a fixed development key that protects nothing.
   * Losing or changing it makes every enrolled second factor unusable (the users sign in with a recovery code).
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine((value) => /^[A-Za-z0-9+/]{43}=?$/.test(value) && Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /**
   * Older data encryption keys, comma-separated, each 32 bytes in base64: they only open and verify values made before
   * the rotation to DATA_ENCRYPTION_KEY (docs/decisions/0079). Remove one once `npm run keys:rotate -- --check` says no
   * value uses it any more.
   */
  DATA_ENCRYPTION_KEYS_PREVIOUS: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().optional()),
  /**
   * Only to carry a trail recorded before migration 0056 over (docs/decisions/0071): the key of its old HMAC chain,
   * checked once at start-up and recorded in the transition's event. The chain needs no key since; unset it after.
   */
  // Empty is unset: compose.yaml passes it through as `${AUDIT_CHAIN_KEY:-}` for deployments that still have one.
  AUDIT_CHAIN_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters (a random secret)').optional()),
  /**
   * Ed25519 private key (PEM, or base64 of the PKCS#8 DER) that signs the checkpoints of every account's audit chain
   * head (docs/decisions/0071). Required in production. `npm run audit:checkpoint -- --new-key` prints a fresh one.
   */
  AUDIT_SIGNING_KEY: z
    .string()
    .refine((v) => isEd25519PrivateKey(v), 'must be an Ed25519 private key (PEM, or base64 of PKCS#8 DER)')
    .optional(),
  /**
   * Public keys that signed checkpoints before a rotation, still published at GET /api/audit/keys so those verify:
   * comma-separated, each PEM (line breaks as \\n) or base64 of the SPKI DER.
   */
  AUDIT_SIGNING_KEYS_RETIRED: z
    .string()
    .refine((v) => v.split(',').every((k) => k.trim() === '' || isEd25519PublicKey(k)), 'must be Ed25519 public keys (PEM or base64 SPKI DER), comma-separated')
    .optional(),
  /**
   * The folder (shared by every API and worker process: a shared volume, or an object store mounted as one) where each
   * checkpoint is written besides the database; the export reads both. Required in production; default DATA_DIR/audit-checkpoints.
   */
  AUDIT_CHECKPOINT_DIR: z.string().min(1).optional(),
});

/** The development and test key (never in production): anyone can read it here, so it protects nothing. */
const DEVELOPMENT_DATA_ENCRYPTION_KEY = Buffer.from('bq-development-key-not-a-secret!', 'utf8');

/** The Ed25519 private key of AUDIT_SIGNING_KEY (PEM with real or escaped line breaks, or base64 PKCS#8 DER). */
export function auditSigningKey(value: string): KeyObject {
  const pem = value.replace(/\\n/g, '\n').trim();
  return pem.startsWith('-----BEGIN')
    ? createPrivateKey(pem)
    : createPrivateKey({ key: Buffer.from(pem, 'base64'), format: 'der', type: 'pkcs8' });
}

/** A public key of AUDIT_SIGNING_KEYS_RETIRED (PEM with real or escaped line breaks, or base64 SPKI DER). */
export function auditPublicKey(value: string): KeyObject {
  const pem = value.replace(/\\n/g, '\n').trim();
  return pem.startsWith('-----BEGIN') ? createPublicKey(pem) : createPublicKey({ key: Buffer.from(pem, 'base64'), format: 'der', type: 'spki' });
}

function isEd25519PublicKey(value: string): boolean {
  try {
    return auditPublicKey(value).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

function isEd25519PrivateKey(value: string): boolean {
  try {
    return auditSigningKey(value).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

export type Config = Omit<z.infer<typeof ZEnv>, 'MAIL_FROM' | 'SALES_CONTACT_EMAIL' | 'AUTH_CACHE_SECONDS' | 'RESPONSE_CACHE_SECONDS' | 'AUDIT_CHECKPOINT_DIR'> & {
  AUDIT_CHECKPOINT_DIR: string;
  MAIL_FROM: string;
  SALES_CONTACT_EMAIL: string;
  AUTH_CACHE_SECONDS: number;
  RESPONSE_CACHE_SECONDS: number;
  embedded: boolean;
  demoData: boolean;
  publicUrl: string;
  payments: PaymentsConfig;
  /** DATA_ENCRYPTION_KEY as its 32 bytes (the development key outside production when unset). */
  dataEncryptionKey: Buffer;
  /** The current key and DATA_ENCRYPTION_KEYS_PREVIOUS (open and verify only), docs/decisions/0079. */
  dataEncryptionKeys: DataKeys;
};

/** Which provider new checkouts use (null: payments are off) and the sandbox's signing secret. */
export interface PaymentsConfig {
  provider: 'sandbox' | 'stripe' | null;
  sandboxSecret: string;
}

function paymentsConfig(parsed: z.infer<typeof ZEnv>): PaymentsConfig {
  const production = parsed.NODE_ENV === 'production';
  const provider = parsed.PAYMENT_PROVIDER ?? (parsed.STRIPE_SECRET_KEY ? 'stripe' : production ? null : 'sandbox');
  if (provider === 'stripe' && (!parsed.STRIPE_SECRET_KEY || !parsed.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration:\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (provider === 'sandbox' && production && !parsed.PAYMENT_SANDBOX_IN_PRODUCTION) {
    throw new Error(
      'Invalid configuration:\n  PAYMENT_PROVIDER: the sandbox takes no real payment and is refused in production unless PAYMENT_SANDBOX_IN_PRODUCTION=true',
    );
  }
  return { provider, sandboxSecret: parsed.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString('base64url') };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ZEnv.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  const embedded = !parsed.DATABASE_URL;
  // Demo logins exist only where asked for or in a non-production embedded start.
  const demoData = parsed.DEMO_DATA ?? (embedded && parsed.NODE_ENV !== 'production');
  if (demoData && parsed.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  DEMO_DATA: demo logins must not exist in a production start');
  }
  if (embedded && parsed.DATABASE_REPLICA_URL) {
    throw new Error('Invalid configuration:\n  DATABASE_REPLICA_URL: a read replica needs DATABASE_URL (the embedded database has none)');
  }
  if (embedded && parsed.ROLE !== 'all') {
    throw new Error('Invalid configuration:\n  ROLE: the embedded database allows one process only; set DATABASE_URL to split api and worker');
  }
  if (parsed.DEV_MAILBOX && (parsed.NODE_ENV === 'production' || !embedded || !demoData)) {
    throw new Error(
      'Invalid configuration:\n  DEV_MAILBOX: the developer mailbox is only for the embedded demo (no DATABASE_URL, demo data on, not in production)',
    );
  }
  if (!parsed.PUBLIC_URL && parsed.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: required in production: the address people reach the product by, e.g. https://advice.example.com (used in every link of mails and pages)',
    );
  }
  if (parsed.NODE_ENV === 'production' && !parsed.DATA_ENCRYPTION_KEY) {
    throw new Error(
      'Invalid configuration:\n  DATA_ENCRYPTION_KEY: required in production: 32 random bytes in base64 (openssl rand -base64 32); it encrypts the second-factor secrets',
    );
  }
  // Without signed checkpoints kept outside the database, whoever can write the database could cut the newest events
  // off the trail unnoticed (docs/decisions/0071).
  if (parsed.NODE_ENV === 'production' && !parsed.AUDIT_SIGNING_KEY) {
    throw new Error(
      'Invalid configuration:\n  AUDIT_SIGNING_KEY: required in production: the Ed25519 key that signs the audit trail\'s checkpoints (npm run audit:checkpoint -- --new-key prints one)',
    );
  }
  if (parsed.NODE_ENV === 'production' && !parsed.AUDIT_CHECKPOINT_DIR) {
    throw new Error('Invalid configuration:\n  AUDIT_CHECKPOINT_DIR: required in production: a folder every API and worker process shares, for the audit checkpoints');
  }
  if (parsed.BENCH_WITHOUT_AUDIT_TRAIL && !parsed.BENCH_ROUTES) {
    throw new Error('Invalid configuration:\n  BENCH_WITHOUT_AUDIT_TRAIL: only for benchmarks, together with BENCH_ROUTES');
  }
  if (parsed.NODE_ENV === 'production' && !parsed.GOOGLE_ISSUER.startsWith('https://')) {
    throw new Error('Invalid configuration:\n  GOOGLE_ISSUER: must be an https:// URL in production');
  }
  // npm runs a workspace's scripts (npm run operator, market:import, db:migrate) in apps/server; a relative
  // DATA_DIR means the folder where the command was typed (INIT_CWD), the same one `npm start` uses.
  const DATA_DIR = env.INIT_CWD && !isAbsolute(parsed.DATA_DIR) ? resolve(env.INIT_CWD, parsed.DATA_DIR) : parsed.DATA_DIR;
  const GOOGLE_ISSUER = parsed.GOOGLE_ISSUER.replace(/\/+$/, '');
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  const MAIL_FROM = parsed.MAIL_FROM ?? `"BQ Platform" <no-reply@${new URL(publicUrl).hostname}>`;
  const SALES_CONTACT_EMAIL = parsed.SALES_CONTACT_EMAIL ?? `sales@${new URL(publicUrl).hostname}`;
  const AUTH_CACHE_SECONDS = parsed.AUTH_CACHE_SECONDS ?? (parsed.NODE_ENV === 'test' ? 0 : 5);
  const RESPONSE_CACHE_SECONDS = parsed.RESPONSE_CACHE_SECONDS ?? (parsed.NODE_ENV === 'test' ? 0 : 30);
  const dataEncryptionKey = parsed.DATA_ENCRYPTION_KEY ? Buffer.from(parsed.DATA_ENCRYPTION_KEY, 'base64') : DEVELOPMENT_DATA_ENCRYPTION_KEY;
  const dataEncryptionKeys = { current: dataEncryptionKey, previous: previousDataKeys(parsed.DATA_ENCRYPTION_KEYS_PREVIOUS, dataEncryptionKey) };
  const AUDIT_CHECKPOINT_DIR = parsed.AUDIT_CHECKPOINT_DIR ?? join(DATA_DIR, 'audit-checkpoints');
  return {
    ...parsed,
    AUDIT_CHECKPOINT_DIR,
    DATA_DIR,
    MAIL_FROM,
    SALES_CONTACT_EMAIL,
    AUTH_CACHE_SECONDS,
    RESPONSE_CACHE_SECONDS,
    GOOGLE_ISSUER,
    embedded,
    demoData,
    publicUrl,
    payments: paymentsConfig(parsed),
    dataEncryptionKey,
    dataEncryptionKeys,
  };
}

/**
 * DATA_ENCRYPTION_KEYS_PREVIOUS as keys: each 32 bytes in base64, all distinct and none the current key (a current key
 * listed as previous means the rotation was not done: the new key was never set). Refused at start with the position.
 */
function previousDataKeys(value: string | undefined, current: Buffer): Buffer[] {
  if (value === undefined) return [];
  const fail = (why: string) => new Error(`Invalid configuration:\n  DATA_ENCRYPTION_KEYS_PREVIOUS: ${why}`);
  const keys = value.split(',').map((entry, index) => {
    const text = entry.trim();
    if (!/^[A-Za-z0-9+/]{43}=?$/.test(text) || Buffer.from(text, 'base64').length !== 32) {
      throw fail(`key ${index + 1} must be 32 bytes in base64 (openssl rand -base64 32); separate keys with commas`);
    }
    return Buffer.from(text, 'base64');
  });
  keys.forEach((key, index) => {
    if (key.equals(current)) throw fail(`key ${index + 1} is DATA_ENCRYPTION_KEY itself: set the new key as DATA_ENCRYPTION_KEY and list only older keys here`);
    if (keys.findIndex((other) => other.equals(key)) !== index) throw fail(`key ${index + 1} is listed twice`);
  });
  const ids = [current, ...keys].map(keyId);
  if (new Set(ids).size !== ids.length) throw fail('two keys share a key id: make a new key (openssl rand -base64 32)');
  return keys;
}
