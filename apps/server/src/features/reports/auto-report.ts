// Auto report (spec: auto_sends.autoSendReport): when a result becomes available and is open, or when a
// LOCKED one is unlocked, the client gets one e-mail with a time-limited download link. Runs inside the
// transaction that changes the result, so the mail (outbox row + job) exists exactly when the change does.
import { eq } from 'drizzle-orm';
import { defaultPageFormat, type ReportType } from '@bq/contracts/reports';
import { formatDate } from '@bq/domain/formats';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { accounts, clients, interactionInstances, productConfigurations, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { getInteractionDefinition } from '../interactions/definitions';
import { queueMail } from '../mail/outbox';
import { createDownloadToken } from './download-tokens';
import { textsByKey } from './report-texts';

export function reportLinkUrl(config: Config, token: string): string {
  return `${config.publicUrl}/report/${encodeURIComponent(token)}/download`;
}

/** Queues the auto report mail for an instance if it is due; returns whether it did. Call inside a transaction. */
export async function queueAutoReport(
  tx: Tx,
  queue: JobQueue,
  config: Config,
  instanceId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({
      instance: interactionInstances,
      client: {
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        locale: clients.locale,
      },
      accountName: accounts.name,
      productType: productConfigurations.productType,
      adviser: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(interactionInstances)
    .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
    .innerJoin(accounts, eq(accounts.id, interactionInstances.accountId))
    .innerJoin(
      productConfigurations,
      eq(productConfigurations.id, interactionInstances.productConfigurationId),
    )
    .leftJoin(users, eq(users.id, interactionInstances.initiatorId))
    .where(eq(interactionInstances.id, instanceId))
    .for('update', { of: interactionInstances });
  if (!row) return false;
  const { instance, client } = row;
  const due =
    instance.autoSendReport &&
    instance.lockStatus !== 'LOCKED' &&
    instance.reportSentAt === null &&
    hasResult(instance.status) &&
    Boolean(client.email);
  if (!due) return false;

  const kind = PRODUCT_TYPE_INFO[row.productType as ProductType].dashboardKind;
  const interactionType: ReportType = kind === 'BQA' ? 'bqa' : 'bqp';
  const pageFormat = defaultPageFormat(client.locale);
  const { token, expiresAt } = await createDownloadToken(tx, {
    accountId: instance.accountId,
    instanceId,
    interactionType,
    locale: client.locale,
    pageFormat,
    validDays: config.REPORT_LINK_DAYS,
  });
  const definition = getInteractionDefinition(instance.interactionId);
  const names = await textsByKey(tx as unknown as Db, client.locale, definition ? [definition.nameKey] : []);
  const adviserName = row.adviser ? `${row.adviser.firstName} ${row.adviser.lastName}`.trim() : '';
  await queueMail(
    tx,
    queue,
    {
      accountId: instance.accountId,
      kind: 'REPORT',
      // One report mail per result, however often the trigger runs.
      dedupeKey: `report:${instanceId}`,
      to: client.email,
      locale: client.locale,
      template: 'report',
      params: {
        firstName: client.firstName,
        lastName: client.lastName,
        accountName: row.accountName,
        adviserName: adviserName || row.accountName,
        interactionName: (definition && names.get(definition.nameKey)) ?? instance.interactionId,
        link: reportLinkUrl(config, token),
        expiresAt: formatDate(expiresAt, client.locale),
      },
      instanceId,
    },
    config,
  );
  await tx
    .update(interactionInstances)
    .set({ reportSentAt: new Date() })
    .where(eq(interactionInstances.id, instanceId));
  return true;
}
