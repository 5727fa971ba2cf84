// The participant's side of an interaction instance: open the questionnaire by its instance token, save
// answers as they are given, submit. The token in the invite link is the only credential.
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';
import { SALUTATIONS } from '@bq/domain/client-rules';
import { INTERACTION_STATUSES } from '@bq/domain/interaction-lifecycle';
import { ZPrivacyPolicyText } from './privacy-policy';
import { ZAssessmentNotice } from './assessment-notice';

export const ZAnswerValue = z.union([z.number().int(), z.string().max(100)]);

export const ZQuestionnaireItem = z.object({
  key: z.string(),
  type: z.enum(['likert', 'choice']),
  textKey: z.string(),
  required: z.boolean(),
  /** Likert: the scale id; its points are in `scales`. */
  scale: z.string().optional(),
  /** Choice: the options (their scores stay on the server). */
  options: z.array(z.object({ key: z.string(), labelKey: z.string() })).optional(),
});

export const ZPublicInteraction = z.object({
  id: z.string(),
  version: z.number().int(),
  estimatedMinutes: z.number(),
  nameKey: z.string(),
  introKey: z.string(),
  outroKey: z.string(),
  scales: z.array(z.object({ id: z.string(), points: z.array(z.object({ value: z.number().int(), labelKey: z.string() })) })),
  pages: z.array(z.object({ key: z.string(), titleKey: z.string(), itemKeys: z.array(z.string()) })),
  items: z.array(ZQuestionnaireItem),
});

export type TPublicInteraction = z.infer<typeof ZPublicInteraction>;

export const ZQuestionnaire = z
  .object({
    instanceToken: z.string(),
    status: z.enum(INTERACTION_STATUSES),
    expiresAt: z.string().nullable(),
    locale: z.enum(LOCALES),
    participantFirstName: z.string(),
    /** German greets formally with the full name ("Guten Tag Anna Müller"), English with the first name. */
    participantLastName: z.string(),
    /** How the adviser addresses the client (the mails' salutation): the page greets the same way, "Guten Tag Frau Weber". */
    participantSalutation: z.enum(SALUTATIONS),
    accountName: z.string(),
    interaction: ZPublicInteraction,
    /** The texts of every key above, in the participant's language. */
    texts: z.record(z.string(), z.string()),
    answers: z.record(z.string(), ZAnswerValue),
    /** The account's privacy policy in the participant's language (or the nearest one), shown before answering. */
    privacyPolicy: ZPrivacyPolicyText.nullable().optional(),
    /** Selection, performance and self-assessment: the notice shown before the first page (docs/decisions/0053). */
    assessmentNotice: ZAssessmentNotice.nullable().optional(),
    /** On screens below 480 px one question per screen (the account's setting; absent = on). */
    oneQuestionPerScreen: z.boolean().optional(),
    /**
     * Days the platform keeps the access log of this link (IP address and browser of each call, decision 0068): the
     * notice on the first page says so in the participant's words.
     */
    accessLogDays: z.number().int().min(1),
    /**
     * A yearly review (docs/decisions/0093): the answers are the client's own from this date, filled in for them to
     * confirm or change; the first page says so. Null otherwise, and once submitted.
     */
    review: z.object({ previousAnsweredAt: z.string() }).nullable().optional(),
  })
  .meta({ id: 'Questionnaire' });
export type TQuestionnaire = z.infer<typeof ZQuestionnaire>;

export const ZQuestionnaireQuery = z.object({ token: z.string().min(1).max(100) });

export const ZSaveAnswersRequest = z
  .object({
    /** Item key -> answer; null removes an answer. Merged into what was saved before. */
    answers: z.record(z.string().max(100), ZAnswerValue.nullable()).refine((a) => Object.keys(a).length <= 500, 'error.validation.too_long'),
  })
  .meta({ id: 'SaveAnswersRequest' });
export type TSaveAnswersRequest = z.infer<typeof ZSaveAnswersRequest>;

/**
 * POST /api/q/{token}/submit (optional body, docs/decisions/0063): the submitting browser's own key, 32 random bytes
 * as base64url, which it then holds as an HttpOnly cookie. Sent again with a retried submit whose answer was lost,
 * it gets the same cookie back; without it the server draws the key.
 */
export const ZSubmitQuestionnaireRequest = z
  .object({ participantKey: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/).optional() })
  .strict()
  .meta({ id: 'SubmitQuestionnaireRequest' });
export type TSubmitQuestionnaireRequest = z.infer<typeof ZSubmitQuestionnaireRequest>;

export const ZAnswerProgress = z
  .object({
    status: z.enum(INTERACTION_STATUSES),
    answers: z.record(z.string(), ZAnswerValue),
    answered: z.number().int(),
    total: z.number().int(),
    missingRequired: z.array(z.string()),
  })
  .meta({ id: 'AnswerProgress' });
export type TAnswerProgress = z.infer<typeof ZAnswerProgress>;

/** GET /api/qi?interactionId=: the questionnaire as the adviser previews it, with its dimensions. */
export const ZInteractionPreview = z
  .object({
    interaction: ZPublicInteraction,
    dimensions: z.array(z.object({ key: z.string(), nameKey: z.string(), descriptionKey: z.string() })),
    texts: z.record(z.string(), z.string()),
  })
  .meta({ id: 'InteractionPreview' });
export type TInteractionPreview = z.infer<typeof ZInteractionPreview>;
