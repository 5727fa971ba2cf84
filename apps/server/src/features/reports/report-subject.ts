// Finds the result a report, certificate or download is about. Reports are reachable by the instance token
// alone (the public routes of spec section 2: the participant's personal token is the capability), so this
// does not look at the session; it checks only that the result exists, is finished and is open (UNLOCKED or
// TRIAL). A LOCKED result has no report: unlocking is the adviser's paid step. The public link expires
// (assertPublicReportLinkOpen); the issuing account's evaluators keep their access.
import { eq, sql } from 'drizzle-orm';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  accountBranding,
  accounts,
  clients,
  interactionInstances,
  productConfigurations,
  users,
  type InstanceResults,
} from '../../db/schema';
import { getInteractionDefinition } from '../interactions/definitions';
import { RESULT_ERRORS } from '../results/result-access';
import type { AuthContext } from '../../plugins/auth';
import { requireInstance } from '../instances/instance-service';
import { FIRM_BRANDING_JOIN, FIRM_NAME } from '../branding/firm-name';

export type ReportSubject = Awaited<ReturnType<typeof loadReportSubject>>;

/** The instance with the people its documents and mails name, before the condition that picks it. */
function reportInstanceQuery(db: Db | Tx) {
  return db
    .select({
      instance: interactionInstances,
      client: {
        id: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        locale: clients.locale,
      },
      // The firm's name as the client knows it: the brand's once set (features/branding/firm-name.ts).
      account: { id: accounts.id, name: FIRM_NAME },
      productType: productConfigurations.productType,
      reportLinkDays: productConfigurations.reportLinkDays,
      adviser: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(interactionInstances)
    .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
    .innerJoin(accounts, eq(accounts.id, interactionInstances.accountId))
    .leftJoin(accountBranding, FIRM_BRANDING_JOIN)
    .innerJoin(
      productConfigurations,
      eq(productConfigurations.id, interactionInstances.productConfigurationId),
    )
    .leftJoin(users, eq(users.id, interactionInstances.initiatorId));
}

/**
 * An instance with the people its documents and mails name. `forUpdate` (inside a transaction) locks the instance
 * row until it ends, so concurrent report mails for one result run one after the other.
 */
export async function findReportInstance(db: Db | Tx, where: ReturnType<typeof eq>, opts: { forUpdate?: boolean } = {}) {
  const query = reportInstanceQuery(db).where(where).limit(1);
  const [row] = opts.forUpdate ? await query.for('update', { of: interactionInstances }) : await query;
  return row ?? null;
}

// Every public report, certificate and download starts with one of these two: prepared statements (db/prepared.ts),
// so PostgreSQL plans the five-table join once per connection instead of at every view (0.3-0.7 ms each time).
const reportInstanceByToken = prepared((db: Db) =>
  reportInstanceQuery(db).where(eq(interactionInstances.token, sql.placeholder('token'))).limit(1).prepare('report_instance_by_token'),
);
const reportInstanceById = prepared((db: Db) =>
  reportInstanceQuery(db).where(eq(interactionInstances.id, sql.placeholder('instanceId'))).limit(1).prepare('report_instance_by_id'),
);

/** The finished, open result behind an instance token (or instance id); 404 / 409 / 402 otherwise. */
export async function loadReportSubject(db: Db, by: { token: string } | { instanceId: string }) {
  const [row] = 'token' in by ? await reportInstanceByToken(db).execute(by) : await reportInstanceById(db).execute(by);
  if (!row) throw new AppError('error.not_found', 404, 'Not found');
  const { instance } = row;
  if (!hasResult(instance.status) || !instance.results) {
    throw new AppError(
      RESULT_ERRORS.notReady,
      409,
      `The result is not available (status ${instance.status})`,
    );
  }
  if (instance.lockStatus === 'LOCKED')
    throw new AppError(RESULT_ERRORS.locked, 402, 'The result is locked until the adviser unlocks it');
  const definition = getInteractionDefinition(instance.interactionId, (instance.results as InstanceResults).definitionVersion) as TInteractionDefinition | undefined;
  if (!definition) throw new AppError('error.not_found', 404, 'Not found');
  const adviserName = row.adviser ? `${row.adviser.firstName} ${row.adviser.lastName}`.trim() : null;
  return {
    instance,
    results: instance.results as InstanceResults,
    definition,
    productType: row.productType as ProductType,
    dashboardKind: PRODUCT_TYPE_INFO[row.productType as ProductType].dashboardKind,
    client: row.client,
    account: row.account,
    adviserName: adviserName || null,
    /** The product configuration's report link validity (null: REPORT_LINK_DAYS). */
    reportLinkDays: row.reportLinkDays,
  };
}

export const REPORT_LINK_ERRORS = { expired: 'error.report.link_expired' } as const;

/**
 * Until when the public report link of a result works for people who are not signed in: reportLinkDays (product
 * configuration, else REPORT_LINK_DAYS) from the moment the result opened (unlocked, or calculated for a trial).
 */
export function publicReportLinkExpiresAt(subject: ReportSubject, config: Pick<Config, 'REPORT_LINK_DAYS'>): Date {
  const openedAt = subject.instance.unlockedAt ?? new Date(subject.results.calculatedAt);
  return new Date(openedAt.getTime() + (subject.reportLinkDays ?? config.REPORT_LINK_DAYS) * 86_400_000);
}

/**
 * The public report, certificate and PDF by instance token: 410 error.report.link_expired once the link has expired,
 * except for a signed-in evaluator of the issuing account who may see the result (their dashboard links here).
 */
export async function assertPublicReportLinkOpen(
  db: Db,
  config: Pick<Config, 'REPORT_LINK_DAYS'>,
  subject: ReportSubject,
  viewer: AuthContext | null,
  now = new Date(),
): Promise<void> {
  if (now.getTime() < publicReportLinkExpiresAt(subject, config).getTime()) return;
  if (await viewerDashboardPath(db, viewer, subject.instance.token)) return;
  throw new AppError(REPORT_LINK_ERRORS.expired, 410, 'This report link has expired');
}

/**
 * Where a signed-in evaluator of the issuing account, allowed to see results, finds this result's dashboard;
 * null for anyone else (the public pages show them no way into the product).
 */
export async function viewerDashboardPath(
  db: Db,
  auth: AuthContext | null,
  token: string,
): Promise<string | null> {
  if (!auth) return null;
  try {
    const { clientToken, productType } = await requireInstance(db, auth, token, 'READ', {
      entity: 'INDIVIDUAL_RESULTS',
    });
    return `/${productType}/client/${clientToken}/dashboard/${token}`;
  } catch {
    return null;
  }
}
