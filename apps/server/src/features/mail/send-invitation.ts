// POST /api/instance/{token}/invite/email: the invitation as a real e-mail through the outbox, with the same
// texts as the prepared mailto: link (email.invite.*), to the client's address in the client's language.
// A repeat within a few seconds (a double click) answers the first one instead of sending again; a deliberate
// resend later is a new mail (the dedupe key carries the invitation's time).
import { eq, sql } from 'drizzle-orm';
import type { TInviteEmailResponse } from '@bq/contracts/mail';
import { isOpenForAnswers } from '@bq/domain/interaction-lifecycle';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { interactionInstances } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { AuthContext, ProductPermission } from '../../plugins/auth';
import { assertMaySendQuestionnaires } from '../signup/verification-required';
import { requireInstance } from '../instances/instance-service';
import { invitationValues } from '../instances/invite';
import { clientViewFor } from '../anonymisation/client-view';
import { queueMail } from './outbox';
import { mailsOfInstance } from './mail-delivery';

export const INVITATION_ERRORS = {
  notInvitable: 'error.invitation.not_open',
} as const;

/**
 * E-mailing the invitation is part of sending the questionnaire (POST /api/instance e-mails it at once):
 * INTERACTION_INSTANCE/CREATE in the product's realm, never READ (docs/decisions/0031).
 */
export const SEND_INVITATION = { entity: 'INTERACTION_INSTANCE', action: 'CREATE' } as const satisfies ProductPermission;

/** Clicks closer together than this are one invitation. */
export const DOUBLE_CLICK_SECONDS = 10;

export async function sendInvitationEmail(db: Db, queue: JobQueue, config: Config, auth: AuthContext, token: string): Promise<TInviteEmailResponse> {
  const { instance: found } = await requireInstance(db, auth, token, SEND_INVITATION.action, { entity: SEND_INVITATION.entity });
  await assertMaySendQuestionnaires(db, auth);
  // The mail reaches the real address; a viewer who has the client anonymised is not told which it is.
  const view = await clientViewFor(db, auth, found.productConfigurationId, found.clientId);
  const sent = await db.transaction(async (tx): Promise<QueuedInvitation> => {
    // Locked, so two clicks at once see each other's invitation (PostgreSQL; PGlite runs transactions one by one).
    const [instance] = await tx.select().from(interactionInstances).where(eq(interactionInstances.id, found.id)).for('update');
    const now = new Date();
    if (!instance || !isOpenForAnswers(instance.status) || !instance.expiresAt || instance.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(INVITATION_ERRORS.notInvitable, 409, 'The questionnaire was answered, closed or has expired');
    }
    if (instance.invitedAt && now.getTime() - instance.invitedAt.getTime() < DOUBLE_CLICK_SECONDS * 1000) {
      const { client } = await invitationValues(tx, config, instance, auth.userId);
      return { sentTo: client.email, invitedAt: instance.invitedAt.toISOString() };
    }
    return queueInvitationMail(tx, queue, config, instance, auth.userId, now);
  });
  // Read after the commit: QUEUED for a new mail, or wherever the worker has got with the one a double click repeats.
  const { invitationMail } = await mailsOfInstance(db, found.id);
  if (!invitationMail) throw new Error(`instance ${found.id}: the invitation mail is missing`);
  return { ...sent, sentTo: view.hidden ? '' : sent.sentTo, mail: invitationMail };
}

type QueuedInvitation = Omit<TInviteEmailResponse, 'mail'>;

/**
 * Writes the invitation mail into the outbox and records when it went out, in the caller's transaction: the resend
 * above, and sending a questionnaire with "e-mail the invitation" ticked (POST /api/instance), where the instance
 * and its invitation commit together or not at all.
 */
export async function queueInvitationMail(
  tx: Tx,
  queue: JobQueue,
  config: Config,
  instance: typeof interactionInstances.$inferSelect,
  userId: string,
  now: Date,
): Promise<QueuedInvitation> {
  const { client, values } = await invitationValues(tx, config, instance, userId);
  await queueMail(
    tx,
    queue,
    {
      accountId: instance.accountId,
      kind: 'INVITATION',
      dedupeKey: `invite:${instance.id}:${now.getTime()}`,
      to: client.email,
      locale: client.locale,
      template: 'invite',
      params: values,
      instanceId: instance.id,
      userId,
    },
    config,
  );
  await tx
    .update(interactionInstances)
    .set({ invitedAt: now, updatedAt: sql`now()` })
    .where(eq(interactionInstances.id, instance.id));
  return { sentTo: client.email, invitedAt: now.toISOString() };
}
