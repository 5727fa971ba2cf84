// Erasing a client (GDPR Art. 17, docs/decisions/0043), all in one transaction with its audit event: the identity
// goes (names, e-mail, phone, the adviser's notes' mentions of them, the mails' addresses and bodies), every token
// that opens something goes (questionnaire and report tokens, mailed download links, certificates), results without
// a retention duty are deleted with their answers, and the advisory results a duty keeps stay, pseudonymised, under a
// new token nobody holds. The client row stays as the pseudonym the kept results, BI and team figures point at.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { DATA_RIGHTS_ERRORS, type TEraseClientResponse, type TErasureResult } from '@bq/contracts/data-rights';
import type { InteractionStatus } from '@bq/domain/interaction-lifecycle';
import type { ProductType } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import {
  anonymizationAllowList,
  certificates,
  clientProducts,
  clients,
  consistencyResolutions,
  interactionInstances,
  mailOutbox,
  productConfigurations,
  reportDownloadTokens,
} from '../../db/schema';
import { newPublicToken } from '../clients/client-tokens';
import { erasePortfolios } from '../portfolio/portfolio-records';
import { retentionSettings } from '../retention/retention-settings';
import { keepUntil, retentionDutyOf } from './retention-duty';
import { erasureSecurityCodeMatches } from './security-code';
import type { KeySource } from '../../plugins/data-encryption';
import { withoutIdentity } from './without-identity';
import { forgetParticipantAccess } from '../audit/participant-access';

type ClientRow = typeof clients.$inferSelect;

/** What erasing would do to each of the client's results (the preview and the erasure itself say the same). */
export async function erasurePlan(db: Db | Tx, client: Pick<ClientRow, 'id' | 'accountId'>, at: Date) {
  // The account's advisory period (5 or 7 years, Settings > Retention) is how long a kept record stays.
  const { advisoryYears } = await retentionSettings(db, client.accountId);
  const rows = await db
    .select({ id: interactionInstances.id, interactionId: interactionInstances.interactionId, status: interactionInstances.status, createdAt: interactionInstances.createdAt, productType: productConfigurations.productType })
    .from(interactionInstances)
    .innerJoin(productConfigurations, eq(productConfigurations.id, interactionInstances.productConfigurationId))
    .where(eq(interactionInstances.clientId, client.id))
    .orderBy(interactionInstances.createdAt);
  return rows.map((r) => {
    const duty = retentionDutyOf(r.productType as ProductType, r.status as InteractionStatus);
    const shown: TErasureResult = {
      productType: r.productType as ProductType,
      interactionId: r.interactionId,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      kept: duty !== null,
      retentionDuty: duty,
      keepUntil: keepUntil(duty, at, advisoryYears),
    };
    return { id: r.id, shown };
  });
}

export async function eraseClient(
  db: Db,
  input: { clientId: string; securityCode: string; masterKey: KeySource },
): Promise<Omit<TEraseClientResponse, 'clientToken'>> {
  return db.transaction(async (tx) => {
    // Locked: a concurrent edit or second erasure waits, then finds the code changed or the client erased.
    const [client] = await tx.select().from(clients).where(eq(clients.id, input.clientId)).for('update');
    if (!client) throw new AppError('error.not_found', 404, 'Not found');
    if (client.erasedAt) throw new AppError(DATA_RIGHTS_ERRORS.erased, 409, 'This client has already been erased');
    if (!erasureSecurityCodeMatches(input.masterKey, client, input.securityCode)) {
      throw new AppError(DATA_RIGHTS_ERRORS.securityCode, 400, 'The security code does not match');
    }
    const erasedAt = new Date();
    const plan = await erasurePlan(tx, client, erasedAt);
    const allIds = plan.map((p) => p.id);
    const keptIds = plan.filter((p) => p.shown.kept).map((p) => p.id);
    const deletedIds = plan.filter((p) => !p.shown.kept).map((p) => p.id);

    // Mails first: deleting an instance unlinks its mails, after which only the address would find them.
    const mailMatch = allIds.length ? or(eq(mailOutbox.toAddress, client.email), inArray(mailOutbox.instanceId, allIds)) : eq(mailOutbox.toAddress, client.email);
    const mails = await tx
      .update(mailOutbox)
      .set({
        toAddress: 'erased',
        subject: '',
        textBody: '',
        htmlBody: '',
        renderValues: null,
        lastError: null,
        // A mail not yet delivered is never delivered now.
        status: sql`case when ${mailOutbox.status} in ('PENDING', 'SENDING') then 'FAILED' else ${mailOutbox.status} end`,
      })
      .where(and(eq(mailOutbox.accountId, client.accountId), mailMatch))
      .returning({ id: mailOutbox.id });
    const accessRows = allIds.length
      ? await forgetParticipantAccess(tx, (await tx.select({ token: interactionInstances.token }).from(interactionInstances).where(inArray(interactionInstances.id, allIds))).map((r) => r.token))
      : 0;
    const reportLinks = allIds.length ? await tx.delete(reportDownloadTokens).where(inArray(reportDownloadTokens.instanceId, allIds)).returning({ id: reportDownloadTokens.id }) : [];
    const certs = allIds.length ? await tx.delete(certificates).where(inArray(certificates.instanceId, allIds)).returning({ id: certificates.id }) : [];
    if (deletedIds.length) await tx.delete(interactionInstances).where(inArray(interactionInstances.id, deletedIds));
    for (const id of keptIds) {
      await tx.update(interactionInstances).set({ token: newPublicToken(), autoReminder: false, autoSendReport: false, expiresAt: null }).where(eq(interactionInstances.id, id));
    }
    if (keptIds.length) {
      const notes = await tx.select().from(consistencyResolutions).where(inArray(consistencyResolutions.instanceId, keptIds));
      for (const note of notes) {
        const cleaned = withoutIdentity(note.note, client);
        if (cleaned !== note.note) await tx.update(consistencyResolutions).set({ note: cleaned }).where(eq(consistencyResolutions.id, note.id));
      }
    }
    // The erasure ends the client relationship in every product: the retention job (features/retention) counts the
    // kept records' period from here and deletes them when it ends.
    await tx
      .update(clientProducts)
      .set({ active: false, deactivatedAt: erasedAt })
      .where(and(eq(clientProducts.clientId, client.id), eq(clientProducts.active, true)));
    // Team memberships stay: the pseudonym's kept results still count in its team's figures.
    await tx.delete(anonymizationAllowList).where(eq(anonymizationAllowList.clientId, client.id));
    await erasePortfolios(tx, client.id);
    await tx
      .update(clients)
      .set({ firstName: 'Client', lastName: 'Erased', email: `erased-${client.id}@erased.invalid`, phone: null, salutation: 'NEUTRAL', erasedAt, updatedAt: erasedAt })
      .where(eq(clients.id, client.id));

    const removed = { results: deletedIds.length, reportLinks: reportLinks.length, certificates: certs.length, mails: mails.length, accessLogRows: accessRows };
    return { erasedAt: erasedAt.toISOString(), results: plan.map((p) => p.shown), removed };
  });
}
