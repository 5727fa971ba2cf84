// The report mail: the client gets an e-mail with a time-limited download link. Auto report (spec:
// auto_sends.autoSendReport) sends it once when a result becomes available and is open, when a LOCKED one is
// unlocked, or when the switch goes on for an open result; the adviser can also send it by hand. Runs inside the
// transaction that causes it, so the mail (outbox row + job) exists exactly when the change does.
import { eq } from 'drizzle-orm';
import { defaultPageFormat, type ReportType, type TReportEmailResponse } from '@bq/contracts/reports';
import { formatDate } from '@bq/domain/formats';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { clients, interactionInstances } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { ProductPermission } from '../../plugins/auth';
import { getInteractionDefinition } from '../interactions/definitions';
import { clientGreeting } from '../mail/greeting';
import { queueMail } from '../mail/outbox';
import { createDownloadToken } from './download-tokens';
import { findReportInstance } from './report-subject';
import { clientLinkBase } from '../branding/client-base-url';
import { textsByKey } from './report-texts';
import { emitForInstance } from '../webhooks/emit';

export function reportLinkUrl(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/report/${encodeURIComponent(token)}/download`;
}

type ReportMailSubject = NonNullable<Awaited<ReturnType<typeof findReportInstance>>>;

/** Locked for the rest of the transaction, so concurrent triggers for one result run one after the other. */
const lockReportMailSubject = (tx: Tx, instanceId: string) =>
  findReportInstance(tx, eq(interactionInstances.id, instanceId), { forUpdate: true });

async function salutationOf(tx: Tx, clientId: string) {
  const [row] = await tx.select({ salutation: clients.salutation }).from(clients).where(eq(clients.id, clientId));
  return row?.salutation ?? 'NEUTRAL';
}

/** An open result (trial or unlocked) whose client has an address can be mailed. */
function isMailable({ instance, client }: ReportMailSubject): boolean {
  return instance.lockStatus !== 'LOCKED' && hasResult(instance.status) && Boolean(client.email);
}

/** Writes the report mail (a fresh download link) to the outbox and notes when it went out. */
async function queueReportMail(
  tx: Tx,
  queue: JobQueue,
  config: Config,
  subject: ReportMailSubject,
  dedupeKey: string,
  now: Date,
): Promise<void> {
  const { instance, client } = subject;
  // Whoever sends it (the adviser, or the auto report with the result), the account's webhooks hear of it (decision 0090).
  await emitForInstance(tx, instance.id, 'report.sent');
  const kind = PRODUCT_TYPE_INFO[subject.productType as ProductType].dashboardKind;
  const interactionType: ReportType = kind === 'BQA' ? 'bqa' : 'bqp';
  const pageFormat = defaultPageFormat(client.locale);
  const { token, expiresAt } = await createDownloadToken(tx, {
    accountId: instance.accountId,
    instanceId: instance.id,
    interactionType,
    locale: client.locale,
    pageFormat,
    validDays: subject.reportLinkDays ?? config.REPORT_LINK_DAYS,
  });
  const definition = getInteractionDefinition(instance.interactionId, instance.definitionVersion);
  const names = await textsByKey(tx as unknown as Db, client.locale, definition ? [definition.nameKey] : []);
  const adviserName = subject.adviser ? `${subject.adviser.firstName} ${subject.adviser.lastName}`.trim() : '';
  await queueMail(
    tx,
    queue,
    {
      accountId: instance.accountId,
      kind: 'REPORT',
      dedupeKey,
      to: client.email,
      locale: client.locale,
      template: 'report',
      params: {
        greeting: await clientGreeting(tx, client.locale, { ...client, salutation: await salutationOf(tx, client.id) }),
        firstName: client.firstName,
        lastName: client.lastName,
        accountName: subject.account.name,
        adviserName: adviserName || subject.account.name,
        interactionName: (definition && names.get(definition.nameKey)) ?? instance.interactionId,
        link: reportLinkUrl(await clientLinkBase(tx, config, instance.accountId), token),
        expiresAt: formatDate(expiresAt, client.locale),
      },
      instanceId: instance.id,
    },
    config,
  );
  await tx.update(interactionInstances).set({ reportSentAt: now }).where(eq(interactionInstances.id, instance.id));
}

/** Queues the auto report mail for an instance if it is due; returns whether it did. Call inside a transaction. */
export async function queueAutoReport(
  tx: Tx,
  queue: JobQueue,
  config: Config,
  instanceId: string,
): Promise<boolean> {
  const subject = await lockReportMailSubject(tx, instanceId);
  if (!subject) return false;
  const due = subject.instance.autoSendReport && subject.instance.reportSentAt === null && isMailable(subject);
  if (!due) return false;
  // One auto report mail per result, however often the trigger runs.
  await queueReportMail(tx, queue, config, subject, `report:${instanceId}`, new Date());
  return true;
}

/**
 * Making the platform e-mail the client their report creates a report for them: REPORT/CREATE in the product's realm,
 * never READ (docs/decisions/0031). Declared on the route, checked with the open result.
 */
export const SEND_REPORT_MAIL = { entity: 'REPORT', action: 'CREATE' } as const satisfies ProductPermission;

/** Sends closer together than this are one (a double click, a second tab): the repeat answers the first. */
export const REPORT_MAIL_REPEAT_SECONDS = 10;

/**
 * POST /api/instance/{token}/report/email: the adviser sends the report link to the client (again), whatever the
 * auto report switch says; each send is a new mail with a new link. Call inside a transaction after the caller
 * checked access and that the result is open.
 */
export async function sendReportMail(
  tx: Tx,
  queue: JobQueue,
  config: Config,
  instanceId: string,
  now = new Date(),
): Promise<TReportEmailResponse> {
  const subject = await lockReportMailSubject(tx, instanceId);
  if (!subject || !isMailable(subject)) throw new AppError('error.result.not_ready', 409, 'The result is not open');
  const last = subject.instance.reportSentAt;
  if (last && now.getTime() - last.getTime() < REPORT_MAIL_REPEAT_SECONDS * 1000) {
    return { sentTo: subject.client.email, reportSentAt: last.toISOString() };
  }
  await queueReportMail(tx, queue, config, subject, `report:${instanceId}:${now.getTime()}`, now);
  return { sentTo: subject.client.email, reportSentAt: now.toISOString() };
}
