// The notice before a selection, performance or self-assessment questionnaire (issue 25 point 5,
// docs/decisions/0053): what is assessed, how results are used, that a person decides, how long data is kept and
// who to contact. The platform's text comes in the participant's language; the account may add a contact and a
// text of its own (GET/PUT /api/account/assessment-notice, account admins).
import { z } from 'zod';

export const ASSESSMENT_NOTICE_CONTACT_MAX = 200;
export const ASSESSMENT_NOTICE_TEXT_MAX = 2000;
/** The products whose participants see the notice, by the kind of its default text. */
export const ASSESSMENT_NOTICE_KINDS = ['SELECTION', 'PERFORMANCE', 'SELF_ASSESSMENT'] as const;
export type AssessmentNoticeKind = (typeof ASSESSMENT_NOTICE_KINDS)[number];

/** Plain text, no control characters but line breaks; blank is "none". */
const plain = (max: number) =>
  z
    .string()
    .max(max, 'error.validation.too_long')
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v), 'error.validation.invalid_format')
    .nullable();

export const ZAssessmentNoticeSettings = z
  .object({
    /** Who to contact with questions about the assessment, e.g. "HR team, hr@example.com". */
    contact: plain(ASSESSMENT_NOTICE_CONTACT_MAX),
    /** The account's own text, shown under the platform's notice. */
    text: plain(ASSESSMENT_NOTICE_TEXT_MAX),
  })
  .strict()
  .meta({ id: 'AssessmentNoticeSettings' });
export type TAssessmentNoticeSettings = z.infer<typeof ZAssessmentNoticeSettings>;

export const ZAssessmentNoticeSettingsResponse = ZAssessmentNoticeSettings.extend({ updatedAt: z.string().nullable() }).meta({
  id: 'AssessmentNoticeSettingsResponse',
});
export type TAssessmentNoticeSettingsResponse = z.infer<typeof ZAssessmentNoticeSettingsResponse>;

/** What the questionnaire carries: the participant's page builds the notice from it in the participant's language. */
export const ZAssessmentNotice = z
  .object({
    kind: z.enum(ASSESSMENT_NOTICE_KINDS),
    /** The account's retention of selection and performance data, in months after the campaign or result. */
    retentionMonths: z.number().int(),
    contact: z.string().nullable(),
    accountText: z.string().nullable(),
  })
  .meta({ id: 'AssessmentNotice' });
export type TAssessmentNotice = z.infer<typeof ZAssessmentNotice>;
