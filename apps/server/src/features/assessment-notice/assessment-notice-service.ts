// The notice before a selection, performance or self-assessment questionnaire (docs/decisions/0053): which products
// show it, the account's own contact and text, and the retention period it quotes (features/retention).
import { eq } from 'drizzle-orm';
import type { AssessmentNoticeKind, TAssessmentNotice, TAssessmentNoticeSettings, TAssessmentNoticeSettingsResponse } from '@bq/contracts/assessment-notice';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import type { Db, Tx } from '../../db/client';
import { accountAssessmentNotice } from '../../db/schema';
import { retentionSettings } from '../retention/retention-settings';

/** The products whose participants are assessed for a decision about them or their development. */
export const NOTICE_KIND_OF_PRODUCT: Partial<Record<ProductType, AssessmentNoticeKind>> = {
  BQ_SELECTION: 'SELECTION',
  BQ_SELECT_CAMPAIGN: 'SELECTION',
  BQ_PERFORMANCE: 'PERFORMANCE',
  BQ_PERFORMANCE_COACH: 'PERFORMANCE',
  BQ_PERFORMANCE_SELF_ASSESSMENT: 'SELF_ASSESSMENT',
};

/** The notice kind of an interaction (its id is the product's interaction slug); null: no notice. */
export function noticeKindOfInteraction(interactionId: string): AssessmentNoticeKind | null {
  const product = (Object.keys(PRODUCT_TYPE_INFO) as ProductType[]).find((p) => PRODUCT_TYPE_INFO[p].interactionSlug === interactionId);
  return (product && NOTICE_KIND_OF_PRODUCT[product]) ?? null;
}

export async function assessmentNoticeSettings(db: Db | Tx, accountId: string): Promise<TAssessmentNoticeSettingsResponse> {
  const [row] = await db.select().from(accountAssessmentNotice).where(eq(accountAssessmentNotice.accountId, accountId)).limit(1);
  return { contact: row?.contact ?? null, text: row?.text ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** A blank text is no text. */
const clean = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

/** Saves the account's contact and text; returns them as before and after, for the audit event's changed fields. */
export async function updateAssessmentNoticeSettings(
  tx: Tx,
  auth: { accountId: string; userId: string },
  body: TAssessmentNoticeSettings,
): Promise<{ before: TAssessmentNoticeSettingsResponse; after: TAssessmentNoticeSettingsResponse }> {
  const before = await assessmentNoticeSettings(tx, auth.accountId);
  const now = new Date();
  const values = { contact: clean(body.contact), text: clean(body.text), updatedBy: auth.userId, updatedAt: now };
  await tx
    .insert(accountAssessmentNotice)
    .values({ accountId: auth.accountId, ...values })
    .onConflictDoUpdate({ target: accountAssessmentNotice.accountId, set: values });
  return { before, after: { contact: values.contact, text: values.text, updatedAt: now.toISOString() } };
}

/** What the questionnaire of this interaction carries; null for products without the notice (advisory, risk). */
export async function assessmentNoticeFor(db: Db, accountId: string, interactionId: string): Promise<TAssessmentNotice | null> {
  const kind = noticeKindOfInteraction(interactionId);
  if (!kind) return null;
  const [own, retention] = await Promise.all([assessmentNoticeSettings(db, accountId), retentionSettings(db, accountId)]);
  return { kind, retentionMonths: retention.selectionMonths, contact: own.contact, accountText: own.text };
}
