// Teams (spec sections 3 and 7): groups of clients in a repeated measurement, the team dashboard (mean and spread
// per dimension) and several teams side by side. Aggregates over fewer members than the k-anonymity floor carry
// tooFewToShow instead of numbers (DESIGN.md section 4).
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';
import { ZAnonymizedFields } from './anonymisation';
import { zName } from './names';

export const TEAM_NAME_MAX = 120;
/** How many teams one comparison shows side by side. */
export const TEAM_COMPARE_MAX = 6;

export const ZTeamMember = z
  .object({
    token: z.string(),
    name: z.string(),
    firstName: z.string(),
    /** "name, first name" (spec section 3). */
    fullName: z.string(),
    initials: z.string(),
  })
  /** As the viewer's anonymisation allow-list says: anonymised, name/fullName are "Client 12" (or stars). */
  .extend(ZAnonymizedFields.shape)
  .meta({ id: 'TeamMember' });
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeam = z
  .object({
    id: z.uuid(),
    name: z.string(),
    productConfigurationId: z.uuid(),
    repeatedMeasurementId: z.uuid(),
    createdAt: z.string(),
    members: z.array(ZTeamMember),
  })
  .meta({ id: 'Team' });
export type TTeam = z.infer<typeof ZTeam>;

export const ZTeamListQuery = z.object({ repeatedMeasurementId: z.uuid() });
export const ZTeamList = z.array(ZTeam).meta({ id: 'TeamList' });

export const ZCreateTeamRequest = z
  .object({
    name: zName(TEAM_NAME_MAX),
    repeatedMeasurementId: z.uuid(),
    /** Clients to add at once (their tokens); more can be added later. */
    userTokens: z.array(z.string().min(1).max(100)).max(2000).default([]),
  })
  .meta({ id: 'CreateTeamRequest' });
export type TCreateTeamRequest = z.input<typeof ZCreateTeamRequest>;

export const ZAddTeamMembersRequest = z
  .object({ userTokens: z.array(z.string().min(1).max(100)).min(1, 'error.validation.required').max(2000) })
  .meta({ id: 'AddTeamMembersRequest' });
export type TAddTeamMembersRequest = z.infer<typeof ZAddTeamMembersRequest>;

export const ZTeamDimensionStats = z
  .object({
    key: z.string(),
    name: z.string(),
    /** Members with a computable score in this dimension. */
    count: z.number().int(),
    tooFewToShow: z.boolean(),
    /** T-scores; null when tooFewToShow. */
    mean: z.number().nullable(),
    sd: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
  })
  .meta({ id: 'TeamDimensionStats' });
export type TTeamDimensionStats = z.infer<typeof ZTeamDimensionStats>;

export const ZTeamResult = z
  .object({
    team: ZTeam,
    repeatedMeasurementId: z.uuid(),
    repeatedMeasurementName: z.string(),
    locale: z.enum(LOCALES),
    /** Members with a finished measurement in the campaign (the latest counts). */
    withResults: z.number().int(),
    /** Members whose latest finished measurement is locked: not in any figure until unlocked (decision 0029). */
    lockedNotIncluded: z.number().int(),
    /** The floor k used: aggregates over fewer members are not shown. */
    anonymityK: z.number().int(),
    tooFewToShow: z.boolean(),
    dimensions: z.array(ZTeamDimensionStats),
  })
  .meta({ id: 'TeamResult' });
export type TTeamResult = z.infer<typeof ZTeamResult>;

export const ZLocaleOnlyQuery = z.object({ locale: z.enum(LOCALES).optional() });

export const ZTeamCompareQuery = z.object({
  teamId: z
    .union([z.uuid(), z.array(z.uuid())])
    .transform((v) => [...new Set(Array.isArray(v) ? v : [v])])
    .refine((ids) => ids.length >= 2, 'error.teams.compare_too_few')
    .refine((ids) => ids.length <= TEAM_COMPARE_MAX, 'error.teams.compare_too_many'),
  locale: z.enum(LOCALES).optional(),
});

export const ZTeamComparison = z
  .object({
    repeatedMeasurementId: z.uuid(),
    repeatedMeasurementName: z.string(),
    locale: z.enum(LOCALES),
    anonymityK: z.number().int(),
    dimensions: z.array(z.object({ key: z.string(), name: z.string() })),
    teams: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        memberCount: z.number().int(),
        withResults: z.number().int(),
        lockedNotIncluded: z.number().int(),
        tooFewToShow: z.boolean(),
        dimensions: z.array(ZTeamDimensionStats),
      }),
    ),
  })
  .meta({ id: 'TeamComparison' });
export type TTeamComparison = z.infer<typeof ZTeamComparison>;
