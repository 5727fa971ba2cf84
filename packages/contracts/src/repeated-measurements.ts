// Repeated measurements (campaigns): the same interaction sent to participants several times (spec sections 3 and
// 7, DESIGN.md section 4). Create and list campaigns, add participants, list them with their change between the
// first and the latest measurement (reliable change index), a participant's own measurements, the CSV export.
import { z } from 'zod';
import { INTERACTION_STATUSES } from '@bq/domain/interaction-lifecycle';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES } from '@bq/domain/product-types';
import { zName } from './names';

export const REPEATED_MEASUREMENT_NAME_MAX = 120;

export const ZCreateRepeatedMeasurementRequest = z
  .object({
    productConfigurationId: z.uuid(),
    name: zName(REPEATED_MEASUREMENT_NAME_MAX),
  })
  .meta({ id: 'CreateRepeatedMeasurementRequest' });
export type TCreateRepeatedMeasurementRequest = z.infer<typeof ZCreateRepeatedMeasurementRequest>;

export const ZRepeatedMeasurement = z
  .object({
    id: z.uuid(),
    name: z.string(),
    productConfigurationId: z.uuid(),
    productType: z.enum(PRODUCT_TYPES),
    interactionId: z.string(),
    createdAt: z.string(),
    participantCount: z.number().int(),
    completedCount: z.number().int(),
  })
  .meta({ id: 'RepeatedMeasurement' });
export type TRepeatedMeasurement = z.infer<typeof ZRepeatedMeasurement>;

export const ZRepeatedMeasurementListQuery = z.object({ productConfigurationId: z.uuid() });
export const ZRepeatedMeasurementList = z.array(ZRepeatedMeasurement).meta({ id: 'RepeatedMeasurementList' });

/** POST /api/admin/repeated_measurement/{id}/interaction: adds a participant (one new measurement). */
export const ZAddParticipantRequest = z
  .object({
    userToken: z.string({ error: 'error.validation.required' }).trim().min(1, 'error.validation.required').max(100),
    sendInvitationEmail: z.boolean().default(false),
    /**
     * The client has an open questionnaire of the campaign's product sent outside the campaign: true adds the
     * measurement anyway, false (the default) answers 409 error.interaction.already_open naming it (docs/decisions/0084).
     */
    allowSecondOpen: z.boolean().default(false),
  })
  .meta({ id: 'AddRepeatedMeasurementParticipantRequest' });
export type TAddParticipantRequest = z.input<typeof ZAddParticipantRequest>;

export const ZAddParticipantResponse = z
  .object({ instanceToken: z.string(), userToken: z.string(), measurement: z.number().int() })
  .meta({ id: 'AddRepeatedMeasurementParticipantResponse' });
export type TAddParticipantResponse = z.infer<typeof ZAddParticipantResponse>;

/** One dimension's change between two measurements; reliable only when |rci| > 1.96 (Jacobson-Truax). */
export const ZDimensionChange = z
  .object({
    key: z.string(),
    name: z.string(),
    first: z.number(),
    latest: z.number(),
    difference: z.number(),
    rci: z.number(),
    reliable: z.boolean(),
    direction: z.enum(['up', 'down', 'unchanged']),
  })
  .meta({ id: 'DimensionChange' });
export type TDimensionChange = z.infer<typeof ZDimensionChange>;

export const ZParticipantsQuery = z.object({
  showOnlyCompleted: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => v === 'true' || v === ''),
});

export const ZMeasurement = z
  .object({
    instanceToken: z.string().optional(),
    measurement: z.number().int(),
    status: z.enum(INTERACTION_STATUSES),
    createdAt: z.string(),
    filledAt: z.string().nullable(),
  })
  .meta({ id: 'Measurement' });

export const ZParticipant = z
  .object({
    userToken: z.string(),
    fullName: z.string(),
    initials: z.string(),
    measurements: z.array(ZMeasurement),
    completedCount: z.number().int(),
    /** Results not yet unlocked with a credit: the change is not shown. */
    locked: z.boolean(),
    /** First and latest completed measurement, per dimension (T-scores); empty with fewer than two. */
    changes: z.array(ZDimensionChange),
  })
  .meta({ id: 'RepeatedMeasurementParticipant' });
export type TParticipant = z.infer<typeof ZParticipant>;

export const ZParticipantsResponse = z
  .object({ repeatedMeasurement: ZRepeatedMeasurement, participants: z.array(ZParticipant) })
  .meta({ id: 'RepeatedMeasurementParticipants' });
export type TParticipantsResponse = z.infer<typeof ZParticipantsResponse>;

/** GET /api/{product}/participant/me?instanceToken=: the participant's own measurements, by one of their tokens. */
export const ZParticipantMeQuery = z.object({
  instanceToken: z.string({ error: 'error.validation.required' }).min(1, 'error.validation.required').max(100),
  locale: z.enum(LOCALES).optional(),
});
export const ZParticipantMe = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    campaigns: z.array(
      z.object({
        name: z.string(),
        measurements: z.array(ZMeasurement.extend({ scores: z.array(z.object({ key: z.string(), name: z.string(), t: z.number() })) })),
        changes: z.array(ZDimensionChange),
      }),
    ),
  })
  .meta({ id: 'ParticipantMe' });
export type TParticipantMe = z.infer<typeof ZParticipantMe>;

export const ZCsvExportQuery = z.object({ locale: z.enum(LOCALES).optional() });
