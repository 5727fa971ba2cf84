// Who an adverse-impact report counts (docs/decisions/0052): per person (client), their latest open result of the
// product in the period (filled from `from` through `to`, whole UTC days), of the campaign and of the clients assigned
// the weight profile when given; with their self-identification and the latest decision by a person. LOCKED results
// are left out (nobody has seen them, nobody decided on them).
import { and, desc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { FairnessProduct, TAdverseImpactQuery } from '@bq/contracts/fairness';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { RESULT_STATUSES } from '@bq/domain/interaction-lifecycle';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import {
  clientWeightProfiles,
  interactionInstances,
  productConfigurations,
  repeatedMeasurementInstances,
  repeatedMeasurements,
  resultDecisions,
  selfIdentifications,
  weightProfiles,
  type InstanceResults,
  type StoredDimensionWeight,
} from '../../db/schema';

export interface PersonRow {
  instanceId: string;
  clientId: string;
  results: InstanceResults;
  sex: string | null;
  ageBand: string | null;
  ethnicGroup: string | null;
  /** The latest decision by a person, or null when none is recorded. */
  decision: 'advance' | 'hold' | 'reject' | null;
  /** The weights the fit is computed with: the report's profile, else the client's assigned one (null: none). */
  profileWeights: StoredDimensionWeight[] | null;
}

const DAY = 86_400_000;

async function requireOwnProfile(db: Db, accountId: string, productType: FairnessProduct, profileId: string) {
  const [profile] = await db
    .select({ weights: weightProfiles.weights })
    .from(weightProfiles)
    .where(and(eq(weightProfiles.id, profileId), eq(weightProfiles.accountId, accountId), eq(weightProfiles.productType, productType)));
  if (!profile) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return profile.weights;
}

async function requireOwnCampaign(db: Db, accountId: string, productType: FairnessProduct, campaignId: string) {
  const [campaign] = await db
    .select({ id: repeatedMeasurements.id })
    .from(repeatedMeasurements)
    .innerJoin(productConfigurations, eq(productConfigurations.id, repeatedMeasurements.productConfigurationId))
    .where(and(eq(repeatedMeasurements.id, campaignId), eq(repeatedMeasurements.accountId, accountId), eq(productConfigurations.productType, productType)));
  if (!campaign) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
}

export async function loadPopulation(db: Db, accountId: string, productType: FairnessProduct, query: TAdverseImpactQuery): Promise<PersonRow[]> {
  const profileWeights = query.profileId ? await requireOwnProfile(db, accountId, productType, query.profileId) : null;
  if (query.campaignId) await requireOwnCampaign(db, accountId, productType, query.campaignId);
  const conditions = [
    eq(interactionInstances.accountId, accountId),
    eq(productConfigurations.productType, productType),
    inArray(interactionInstances.status, [...RESULT_STATUSES]),
    isNotNull(interactionInstances.results),
    ne(interactionInstances.lockStatus, 'LOCKED'),
  ];
  if (query.from) conditions.push(gte(interactionInstances.filledAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(interactionInstances.filledAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY)));
  if (query.campaignId) {
    conditions.push(
      sql`exists (select 1 from ${repeatedMeasurementInstances} rmi where rmi.instance_id = ${interactionInstances.id} and rmi.repeated_measurement_id = ${query.campaignId})`,
    );
  }
  if (query.profileId) {
    conditions.push(
      sql`exists (select 1 from ${clientWeightProfiles} cwp where cwp.client_id = ${interactionInstances.clientId} and cwp.profile_id = ${query.profileId})`,
    );
  }
  const rows = await db
    .select({
      instanceId: interactionInstances.id,
      clientId: interactionInstances.clientId,
      results: interactionInstances.results,
      sex: selfIdentifications.sex,
      ageBand: selfIdentifications.ageBand,
      ethnicGroup: selfIdentifications.ethnicGroup,
      assignedWeights: weightProfiles.weights,
    })
    .from(interactionInstances)
    .innerJoin(productConfigurations, eq(productConfigurations.id, interactionInstances.productConfigurationId))
    .leftJoin(selfIdentifications, eq(selfIdentifications.instanceId, interactionInstances.id))
    .leftJoin(clientWeightProfiles, and(eq(clientWeightProfiles.clientId, interactionInstances.clientId), eq(clientWeightProfiles.productType, productType)))
    .leftJoin(weightProfiles, eq(weightProfiles.id, clientWeightProfiles.profileId))
    .where(and(...conditions))
    .orderBy(desc(interactionInstances.filledAt), desc(interactionInstances.id));
  // One person, one row: the latest result counts.
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.clientId)) latest.set(row.clientId, row);
  const people = [...latest.values()];
  const decisions = new Map<string, PersonRow['decision']>();
  const ids = people.map((p) => p.instanceId);
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const found = await db
      .select({ instanceId: resultDecisions.instanceId, decision: resultDecisions.decision })
      .from(resultDecisions)
      .where(inArray(resultDecisions.instanceId, chunk))
      .orderBy(resultDecisions.createdAt, resultDecisions.id);
    for (const d of found) decisions.set(d.instanceId, d.decision);
  }
  return people.map((p) => ({
    instanceId: p.instanceId,
    clientId: p.clientId,
    results: p.results!,
    sex: p.sex,
    ageBand: p.ageBand,
    ethnicGroup: p.ethnicGroup,
    decision: decisions.get(p.instanceId) ?? null,
    profileWeights: profileWeights ?? p.assignedWeights ?? null,
  }));
}
