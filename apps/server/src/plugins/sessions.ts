// Server-side sessions in the database: the cookie holds a 256-bit random token, the table its SHA-256,
// so a leaked database row cannot be replayed as a cookie.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Permission } from '@bq/domain/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { ChangeSnapshot, DataChanges } from '../db/data-changes';
import { prepared } from '../db/prepared';
import { accounts, sessions, userTotp, users } from '../db/schema';
import { enrolmentDeadline, hasPasskeySql } from '../features/account-security/enrolment-deadline';
import type { Config } from '../config';
import type { Locale } from '@bq/domain/locales';

export const SESSION_COOKIE = 'bq_session';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  config: Config,
  input: { userId: string; accountId: string; ip: string; userAgent?: string; secondFactorVerified?: boolean },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.SESSION_TTL_HOURS * 3600_000);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: input.userId,
    accountId: input.accountId,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500),
    // A sign-in that passed the second factor counts as a fresh proof for step-up (docs/decisions/0045).
    secondFactorVerifiedAt: input.secondFactorVerified ? new Date() : null,
    // Every session starts with a sign-in (password, Google, OpenID Connect, SAML, passkey): a fresh first-factor
    // proof, which lets a user without a factor enrol one right after signing in (docs/decisions/0064).
    firstFactorVerifiedAt: new Date(),
  });
  return { token, expiresAt };
}

export async function findSession(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** A valid session with its active user: what every signed-in request needs, read in one query. */
export interface SignedInSession {
  id: string;
  userId: string;
  accountId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  permissions: Permission[];
  platformOperator: boolean;
  /**
   * When the account requires a second factor and the user has none: from then on the session may only enrol one
   * (docs/decisions/0042). Null when nothing is required. Compared with the clock per request, so a cached session
   * turns restricted at the deadline; a change of the requirement or the factor ends the cached copy (migration 0030).
   */
  secondFactorDeadline: Date | null;
  /** The user has a confirmed TOTP factor or a passkey: routes marked stepUp then ask for it again (docs/decisions/0045). */
  hasSecondFactor: boolean;
  /** When this session last proved a factor (sign-in or step-up); null when never. */
  secondFactorVerifiedAt: Date | null;
  /** When this session last proved the first factor (its sign-in, or the password at step-up; docs/decisions/0064). */
  firstFactorVerifiedAt: Date | null;
  /** What every list, dashboard and report of the viewer reads first (features/anonymisation/anonymise.ts). */
  viewerSettings: ViewerSettings;
}

/**
 * The viewer's anonymisation switch, saved language and the account's k: part of the cached session so the signed-in
 * common path does not read them again per request. A change of any of them ends the cached copies (migration 0046;
 * the user's language is a users row, whose changes already do).
 */
export interface ViewerSettings {
  allowListEnabled: boolean;
  locale: Locale;
  anonymityK: number | null;
}

const signedInSessionQuery = prepared((db: Db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      accountId: sessions.accountId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      permissions: users.permissions,
      platformOperator: users.platformOperator,
      userCreatedAt: users.createdAt,
      requiredSince: accounts.secondFactorRequiredSince,
      graceDays: accounts.secondFactorGraceDays,
      factorConfirmedAt: userTotp.confirmedAt,
      hasPasskey: hasPasskeySql,
      secondFactorVerifiedAt: sessions.secondFactorVerifiedAt,
      firstFactorVerifiedAt: sessions.firstFactorVerifiedAt,
      allowListEnabled: sql<boolean | null>`(select aus.allow_list_enabled from anonymisation_user_settings aus where aus.user_id = ${users.id})`,
      locale: users.locale,
      anonymityK: sql<number | null>`(select aa.anonymity_k from account_anonymisation aa where aa.account_id = ${users.accountId})`,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.active, true)))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('signed_in_session'),
);

/** The session of a cookie token and its active user, or null: one prepared query (session x user x account). */
export async function findSignedInSession(db: Db, token: string): Promise<SignedInSession | null> {
  // The app's clock, not the database's (as everywhere sessions are written), as an ISO string both drivers take.
  const [row] = await signedInSessionQuery(db).execute({ id: hashToken(token), now: new Date().toISOString() });
  if (!row) return null;
  const { userCreatedAt, requiredSince, graceDays, factorConfirmedAt, hasPasskey, allowListEnabled, locale, anonymityK, ...session } = row;
  const hasSecondFactor = Boolean(factorConfirmedAt) || Boolean(hasPasskey);
  return {
    ...session,
    viewerSettings: { allowListEnabled: allowListEnabled ?? false, locale, anonymityK: anonymityK == null ? null : Number(anonymityK) },
    secondFactorDeadline: enrolmentDeadline({ requiredSince, graceDays, userCreatedAt, hasFactor: hasSecondFactor }),
    hasSecondFactor,
  };
}

// The session cache (docs/decisions/0026, 0031): each API process keeps what findSignedInSession read, keyed by the
// token's hash, for AUTH_CACHE_SECONDS at most, and only while nothing changed that could change the answer: every
// user row update or delete and every ended session notifies 'sessions:<account id>' (migration 0019), so any
// process drops that account's cached sessions as soon as the notification arrives (PGlite: before the writer's
// commit returns; PostgreSQL: milliseconds, measured in ADR 0031). This process's own writing requests drop their
// account's at once (plugins/auth.ts). When notifications are not live (not listening yet, connection lost, the
// operator's switch of migration 0018 off, or no listener at all), an entry lives at most UNHEARD_TTL_MS.
// One cache per app instance, never shared: what it may keep depends on that instance's notifications.
const MAX_ENTRIES = 10_000;
/** How long a session read without live notifications may be used again: a change takes effect within 1 s. */
export const UNHEARD_TTL_MS = 1000;

/** The notification scope of an account's users and sessions (migration 0019). */
export function sessionsScope(accountId: string): string {
  return `sessions:${accountId}`;
}

interface CachedSession {
  session: SignedInSession;
  until: number;
  /** The change counter from before the row was read: the entry ends with any later change of the account's users. */
  snapshot: ChangeSnapshot;
  /** Read while notifications were live: then they end it; otherwise only its short life and this process's writes. */
  heard: boolean;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();

  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
    private readonly changes: DataChanges,
  ) {}

  /** The session of a cookie token and its active user, or null: from memory while that is still its answer. */
  async get(token: string): Promise<SignedInSession | null> {
    const ttlMs = this.ttlSeconds * 1000;
    if (ttlMs <= 0) return findSignedInSession(this.db, token);
    const key = hashToken(token);
    const hit = this.entries.get(key);
    if (hit && this.stillGood(hit)) return hit.session;
    if (hit) this.entries.delete(key);
    // Taken before the read, so a change committed during it ends the entry.
    const heard = this.changes.live;
    const snapshot = this.changes.snapshot();
    const session = await findSignedInSession(this.db, token);
    if (session) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { session, snapshot, heard, until: Date.now() + (heard ? ttlMs : Math.min(ttlMs, UNHEARD_TTL_MS)) });
    }
    return session;
  }

  /** This process changed the account's users or sessions (a writing request of one of its users). */
  accountChanged(accountId: string): void {
    this.changes.changed(sessionsScope(accountId));
  }

  private stillGood(entry: CachedSession): boolean {
    const now = Date.now();
    if (entry.until <= now || entry.session.expiresAt.getTime() <= now) return false;
    const scopes = [sessionsScope(entry.session.accountId)];
    return entry.heard ? this.changes.unchangedSince(entry.snapshot, scopes) : this.changes.untouchedSince(entry.snapshot, scopes);
  }
}

/**
 * Slides the expiry forward, at most once a minute per session to keep reads cheap. The cached copy remembers the
 * touch, so a cached session is not touched again within the minute either.
 */
export async function touchSession(db: Db, config: Config, session: { id: string; lastSeenAt: Date; expiresAt?: Date }) {
  if (Date.now() - session.lastSeenAt.getTime() < 60_000) return;
  const lastSeenAt = new Date();
  const expiresAt = new Date(Date.now() + config.SESSION_TTL_HOURS * 3600_000);
  session.lastSeenAt = lastSeenAt;
  if (session.expiresAt) session.expiresAt = expiresAt;
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, session.id));
}

export async function deleteSessionByToken(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export function setSessionCookie(config: Config, request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  const secure = config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : config.COOKIE_SECURE === 'true';
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
