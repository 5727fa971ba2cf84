// The evaluator's view of one instance, as the API returns it.
import type { TInstance } from '@bq/contracts/instances';
import type { interactionInstances } from '../../db/schema';
import { toInstanceSummary } from '../clients/client-service';
import type { InstanceMails } from '../mail/mail-delivery';

type InstanceRow = typeof interactionInstances.$inferSelect;

export function toInstance(row: InstanceRow, clientToken: string, mails: InstanceMails): TInstance {
  return {
    ...toInstanceSummary(row, mails),
    clientToken,
    productConfigurationId: row.productConfigurationId,
    autoReminder: row.autoReminder,
    autoSendReport: row.autoSendReport,
    openedAt: row.openedAt?.toISOString() ?? null,
    filledAt: row.filledAt?.toISOString() ?? null,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    remindersSent: row.remindersSent,
    lastReminderAt: row.lastReminderAt?.toISOString() ?? null,
    reportSentAt: row.reportSentAt?.toISOString() ?? null,
  };
}
