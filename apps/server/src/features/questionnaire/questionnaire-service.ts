// The participant's questionnaire, reached only through the instance token of the invite link: opening it
// (NEW -> OPENED), saving answers as they are given (save-answers.ts), and submitting (OPENED -> FILLED, calculation
// enqueued in the same transaction, the submitting browser's own key with it). Unknown tokens are 404; expired or
// closed ones 410; submitted ones refuse changes and no longer return the answers.
import { and, eq } from 'drizzle-orm';
import type { TAnswerProgress, TPublicInteraction, TQuestionnaire } from '@bq/contracts/questionnaire';
import type { Locale } from '@bq/domain/locales';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { assertTransition, isOpenForAnswers } from '@bq/domain/interaction-lifecycle';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { accountBranding, accounts, clients, interactionInstances } from '../../db/schema';
import { FIRM_BRANDING_JOIN, FIRM_NAME } from '../branding/firm-name';
import { languageTexts } from '../translations/translation-cache';
import { QUEUES, enqueueInTransaction, type JobQueue } from '../../jobs/queue';
import { getInteractionDefinition, translationKeysOf, type DefinitionTextType } from '../interactions/definitions';
import { privacyPolicyForReader } from '../privacy-policy/privacy-policy-service';
import type { AccountMemo } from '../../db/account-memo';
import { assessmentNoticeFor } from '../assessment-notice/assessment-notice-service';
import { isParticipantKey, issueParticipantKey } from './participant-key';
import { emitForInstance } from '../webhooks/emit';

export const QUESTIONNAIRE_ERRORS = {
  expired: 'error.interaction.expired',
  closed: 'error.interaction.closed',
  alreadySubmitted: 'error.interaction.already_submitted',
  incomplete: 'error.questionnaire.incomplete',
  unknownItem: 'error.questionnaire.unknown_item',
  invalidAnswer: 'error.questionnaire.invalid_answer',
} as const;

type InstanceRow = typeof interactionInstances.$inferSelect;

async function loadByToken(db: Db | Tx, token: string, forUpdate = false) {
  const query = db
    .select({
      instance: interactionInstances,
      client: clients,
      // The firm's own name where the account gave one (docs/decisions/0055): the client knows the firm, not the account.
      accountName: FIRM_NAME,
      oneQuestionPerScreen: accounts.questionnaireOneQuestionPerScreen,
    })
    .from(interactionInstances)
    .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
    .innerJoin(accounts, eq(accounts.id, interactionInstances.accountId))
    .leftJoin(accountBranding, FIRM_BRANDING_JOIN)
    .where(eq(interactionInstances.token, token))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: interactionInstances }) : await query;
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return row;
}

/** The version the instance was sent with (an instance from before versions were pinned: the newest). */
export function definitionOf(instance: Pick<InstanceRow, 'interactionId' | 'definitionVersion'>): TInteractionDefinition {
  const definition = getInteractionDefinition(instance.interactionId, instance.definitionVersion);
  if (!definition) throw new Error(`Interaction definition ${instance.interactionId} v${instance.definitionVersion} is missing`);
  return definition;
}

export function assertStillAnswerable(instance: Pick<InstanceRow, 'status' | 'expiresAt'>, now = new Date()) {
  if (instance.status === 'CLOSED') throw new AppError(QUESTIONNAIRE_ERRORS.closed, 410, 'This questionnaire was closed');
  if (!isOpenForAnswers(instance.status)) throw new AppError(QUESTIONNAIRE_ERRORS.alreadySubmitted, 409, 'This questionnaire was already submitted');
  if (instance.expiresAt && instance.expiresAt <= now) throw new AppError(QUESTIONNAIRE_ERRORS.expired, 410, 'This questionnaire has expired');
}

export function progress(definition: TInteractionDefinition, instance: Pick<InstanceRow, 'status' | 'answers'>): TAnswerProgress {
  const answers = instance.answers;
  return {
    status: instance.status,
    answers,
    answered: definition.items.filter((i) => answers[i.key] !== undefined).length,
    total: definition.items.length,
    missingRequired: definition.items.filter((i) => i.required && answers[i.key] === undefined).map((i) => i.key),
  };
}

/** The definition without what would steer the answers: dimensions, reverse keying and option scores stay here. */
export function publicInteraction(definition: TInteractionDefinition): TPublicInteraction {
  return {
    id: definition.id,
    version: definition.version,
    estimatedMinutes: definition.estimatedMinutes,
    nameKey: definition.nameKey,
    introKey: definition.introKey,
    outroKey: definition.outroKey,
    scales: definition.scales.map((s) => ({ id: s.id, points: s.points.map((p) => ({ value: p.value, labelKey: p.labelKey })) })),
    pages: definition.pages.map((p) => ({ key: p.key, titleKey: p.titleKey, itemKeys: p.itemKeys })),
    items: definition.items.map((i) =>
      i.type === 'likert'
        ? { key: i.key, type: i.type, textKey: i.textKey, required: i.required, scale: i.scale }
        : { key: i.key, type: i.type, textKey: i.textKey, required: i.required, options: i.options.map((o) => ({ key: o.key, labelKey: o.labelKey })) },
    ),
  };
}

/** Every text a definition shows, in one language. */
export async function definitionTexts(
  db: Db,
  definition: TInteractionDefinition,
  language: Locale,
  /** Results need only the dimension and prediction texts (INTERACTION_BASE); the questionnaire needs all three. */
  textTypes: DefinitionTextType[] = ['ITEM', 'CHOICE', 'INTERACTION_BASE'],
): Promise<Record<string, string>> {
  const keys = translationKeysOf(definition);
  const texts = await languageTexts(db, language);
  const found: Record<string, string> = {};
  for (const textType of textTypes) {
    const ofType = texts.ofType(textType);
    for (const key of keys[textType]) {
      const text = ofType.get(key);
      if (text !== undefined) found[key] = text;
    }
  }
  return found;
}

export async function openQuestionnaire(
  db: Db,
  token: string,
  /** The account's privacy policy between its changes (db/account-memo.ts): every opening shows it. */
  memo: AccountMemo,
): Promise<Omit<TQuestionnaire, 'accessLogDays'>> {
  const loaded = await loadByToken(db, token);
  const { client, accountName, oneQuestionPerScreen } = loaded;
  let instance = loaded.instance;
  if (instance.status === 'CLOSED') throw new AppError(QUESTIONNAIRE_ERRORS.closed, 410, 'This questionnaire was closed');
  if (isOpenForAnswers(instance.status) && instance.expiresAt && instance.expiresAt <= new Date()) {
    throw new AppError(QUESTIONNAIRE_ERRORS.expired, 410, 'This questionnaire has expired');
  }
  const definition = definitionOf(instance);
  if (instance.status === 'NEW') {
    // Opening the link is the moment the adviser sees OPENED: one conditional UPDATE, so it happens once however
    // many tabs open at the same moment; a tab that lost the race (or met a submit) reads the row as it is now.
    assertTransition('NEW', 'OPENED');
    // The account's webhooks hear of it with the change (docs/decisions/0090).
    const now = new Date();
    const [opened] = await db.transaction(async (tx) => {
      const moved = await tx
        .update(interactionInstances)
        .set({ status: 'OPENED', openedAt: now, definitionVersion: definition.version, updatedAt: now })
        .where(and(eq(interactionInstances.id, instance.id), eq(interactionInstances.status, 'NEW')))
        .returning();
      if (moved[0]) await emitForInstance(tx, moved[0].id, 'interaction.opened');
      return moved;
    });
    const [current] = opened ? [opened] : await db.select().from(interactionInstances).where(eq(interactionInstances.id, instance.id));
    if (!current) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
    instance = current;
  }
  return {
    instanceToken: instance.token,
    status: instance.status,
    expiresAt: instance.expiresAt?.toISOString() ?? null,
    locale: client.locale,
    participantFirstName: client.firstName,
    participantLastName: client.lastName,
    participantSalutation: client.salutation,
    accountName,
    interaction: publicInteraction(definition),
    texts: await definitionTexts(db, definition, client.locale),
    // Once submitted, the link no longer shows what was answered: it may have been forwarded or left open.
    answers: isOpenForAnswers(instance.status) ? instance.answers : {},
    privacyPolicy: await memo.get(instance.accountId, `privacy-policy:${client.locale}`, () => privacyPolicyForReader(db, instance.accountId, client.locale)),
    assessmentNotice: await assessmentNoticeFor(db, instance.accountId, instance.interactionId),
    oneQuestionPerScreen,
    review: isOpenForAnswers(instance.status) ? await reviewOfInstance(db, instance.reviewOf) : null,
  };
}

/** When the answers a review started from were given (the participant's own, so theirs to read). */
async function reviewOfInstance(db: Db, reviewOf: string | null): Promise<{ previousAnsweredAt: string } | null> {
  if (!reviewOf) return null;
  const [previous] = await db.select({ filledAt: interactionInstances.filledAt, createdAt: interactionInstances.createdAt }).from(interactionInstances).where(eq(interactionInstances.id, reviewOf));
  return previous ? { previousAnsweredAt: (previous.filledAt ?? previous.createdAt).toISOString() } : null;
}

export interface SubmitOptions {
  /** The browser's own key (ZSubmitQuestionnaireRequest), if it sent one; else the server draws it. */
  participantKey?: string | undefined;
  /** False for a signed-in or API-credential request: the account is never handed the participant's key. */
  issueKey: boolean;
}

/**
 * OPENED -> FILLED, and the participant's key (participant-key.ts) for the submitting browser. A submit of a submitted
 * questionnaire is 409 and hands out nothing, except the same browser's retry: it sends the key of its first try,
 * whose answer was lost, and gets the same answer and key again.
 */
export async function submitQuestionnaire(
  db: Db,
  queue: JobQueue,
  token: string,
  options: SubmitOptions,
): Promise<{ progress: TAnswerProgress; participantKey: string | null }> {
  return db.transaction(async (tx) => {
    const { instance } = await loadByToken(tx, token, true);
    const retried =
      options.issueKey &&
      !isOpenForAnswers(instance.status) &&
      instance.status !== 'CLOSED' &&
      (await isParticipantKey(tx, instance.id, options.participantKey));
    if (retried) return { progress: progress(definitionOf(instance), instance), participantKey: options.participantKey! };
    assertStillAnswerable(instance);
    const definition = definitionOf(instance);
    const current = progress(definition, instance);
    if (current.missingRequired.length > 0) {
      throw new AppError(QUESTIONNAIRE_ERRORS.incomplete, 400, `${current.missingRequired.length} required questions are unanswered`);
    }
    if (instance.status === 'NEW') assertTransition('NEW', 'OPENED');
    assertTransition('OPENED', 'FILLED');
    const [row] = await tx
      .update(interactionInstances)
      .set({ status: 'FILLED', filledAt: new Date(), definitionVersion: definition.version, updatedAt: new Date() })
      .where(eq(interactionInstances.id, instance.id))
      .returning();
    // Same transaction: the calculation is queued exactly when the FILLED status commits.
    await enqueueInTransaction(queue, tx, QUEUES.calculate, { instanceId: instance.id }, { singletonKey: instance.id });
    const participantKey = options.issueKey ? await issueParticipantKey(tx, instance.id, options.participantKey) : null;
    return { progress: progress(definition, row!), participantKey };
  });
}
