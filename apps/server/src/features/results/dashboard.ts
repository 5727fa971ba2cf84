// GET /api/dashboard/{token}: the scored result of one instance, locale-independent (DESIGN.md section 4).
import type { TDashboard, TDimensionResult, TResultEvidence } from '@bq/contracts/dashboard';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { scoreLevelOfStanine } from '@bq/contracts/dashboard';
import { clientViewFor, showClient, type ShownClient } from '../anonymisation/client-view';
import type { Db } from '../../db/client';
import type { InstanceResults } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { consistencyResolutionsOf } from './consistency-resolution';
import { dashboardKindOf, requireOpenResult } from './result-access';
import { riskVerdict } from './risk-verdict';
import { withHonestKnowledge } from './knowledge-level';
import { resultFit } from '../weights/weights-service';
import { decidesPeople, decisionsOf } from '../fairness/decisions';

/** Stanine in words (1-2 low, 3 below average, 4-6 average, 7 above average, 8-9 high): the shared band system. */
export function scoreLevel(stanine: number | null | undefined): TDimensionResult['level'] {
  return scoreLevelOfStanine(stanine);
}

export function dimensionResults(results: InstanceResults): TDimensionResult[] {
  return results.dimensions.map((d) => ({
    key: d.key,
    computable: d.computable,
    answered: d.answered,
    itemCount: d.itemCount,
    raw: d.raw,
    z: d.z ?? null,
    t: d.tDisplay ?? null,
    stanine: d.stanine ?? null,
    percentile: d.percentile ?? null,
    band: d.band ? { low: Math.round(d.band.t.low * 10) / 10, high: Math.round(d.band.t.high * 10) / 10 } : null,
    level: scoreLevel(d.stanine),
  }));
}

/** What the result was computed with; a result from before norm statuses were stored has its definition's. */
export function resultEvidence(results: InstanceResults, definition: Pick<TInteractionDefinition, 'normStatus'>): TResultEvidence {
  return {
    definitionVersion: results.definitionVersion,
    normVersion: results.normVersion,
    normStatus: results.normStatus ?? definition.normStatus,
    algorithmVersion: results.algorithmVersion,
    answersHash: results.answersHash,
  };
}

/** The header's client, as the viewer may see them (anonymisation/client-view.ts). */
function dashboardClient(token: string, shown: ShownClient<{ firstName: string; lastName: string; email: string }>, erasedAt: Date | null): TDashboard['client'] {
  return {
    token,
    erasedAt: erasedAt?.toISOString() ?? null,
    firstName: shown.firstName,
    lastName: shown.lastName,
    initials: shown.initials,
    email: shown.email,
    anonymize: shown.anonymize,
    anonymizedName: shown.anonymizedName,
    anonymizedInitials: shown.anonymizedInitials,
    anonymizationKind: shown.anonymizationKind,
  };
}

export async function getDashboard(db: Db, auth: AuthContext, token: string): Promise<TDashboard> {
  const { instance, results, productType, definition, client, weightProfile } = await requireOpenResult(db, auth, token);
  let risk: TDashboard['risk'] = null;
  if (results.risk) {
    const verdict = riskVerdict(results.risk, definition, instance.answers);
    const resolutions = results.risk.consistency.flagged ? await consistencyResolutionsOf(db, instance.id) : [];
    risk = { ...verdict, consistency: { ...verdict.consistency, resolutions } };
  }
  return {
    instanceToken: instance.token,
    interactionId: instance.interactionId,
    productType,
    kind: dashboardKindOf(productType),
    status: instance.status,
    lockStatus: instance.lockStatus,
    client: dashboardClient(client.token, showClient(await clientViewFor(db, auth, instance.productConfigurationId, instance.clientId), client), client.erasedAt ?? null),
    filledAt: instance.filledAt?.toISOString() ?? null,
    calculatedAt: results.calculatedAt,
    evidence: { ...resultEvidence(results, definition), decisions: decidesPeople(productType) ? await decisionsOf(db, instance.id) : null },
    dimensions: withHonestKnowledge(dimensionResults(results), definition, instance.answers),
    risk,
    prediction: definition.prediction ? { kind: definition.prediction.kind, available: Boolean(results.prediction) } : null,
    fit: resultFit(weightProfile, results),
    viewerIsClient: client.viewerIsClient,
  };
}
