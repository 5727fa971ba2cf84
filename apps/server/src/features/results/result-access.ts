// Loads a finished result for the signed-in evaluator: another account's token is a 404, a missing
// INDIVIDUAL_RESULTS permission a 403, a result not calculated yet a 409 and a LOCKED one a 402.
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import type { Action, Entity } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import type { DashboardKindParam } from '@bq/contracts/dashboard';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { InstanceResults } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { requireInstance } from '../instances/instance-service';
import { getInteractionDefinition } from '../interactions/definitions';

export const RESULT_ERRORS = {
  locked: 'error.result.locked',
  notReady: 'error.result.not_ready',
  predictionFailed: 'error.prediction.failed',
} as const;

/** What a signed-in read of one result answers besides 200 (OpenAPI): the locked result gives nothing away (402). */
export const RESULT_READ_ERRORS = {
  400: ['error.validation'],
  401: ['error.auth.unauthorized'],
  402: [RESULT_ERRORS.locked],
  403: ['error.auth.forbidden'],
  404: ['error.not_found'],
  409: [RESULT_ERRORS.notReady],
};

export function dashboardKindOf(productType: keyof typeof PRODUCT_TYPE_INFO): DashboardKindParam {
  const kind = PRODUCT_TYPE_INFO[productType].dashboardKind;
  return kind === 'BQA' ? 'bqa' : kind === 'BQP' ? 'bqp' : 'sa';
}

export async function requireOpenResult(
  db: Db,
  auth: AuthContext,
  token: string,
  entity: Entity = 'INDIVIDUAL_RESULTS',
  action: Action = 'READ',
) {
  const { instance, productType, clientToken, client, viewerIsClient, weightProfile } = await requireInstance(db, auth, token, action, { entity });
  if (!hasResult(instance.status) || !instance.results) {
    throw new AppError(RESULT_ERRORS.notReady, 409, `The result is not available (status ${instance.status})`);
  }
  if (instance.lockStatus === 'LOCKED') throw new AppError(RESULT_ERRORS.locked, 402, 'Unlock the result with a credit first');
  // The definition the result was computed with, not the newest: its texts, rules and statement belong to it.
  const definition = getInteractionDefinition(instance.interactionId, (instance.results as InstanceResults).definitionVersion);
  if (!definition) throw new AppError('error.not_found', 404, 'Not found');
  return {
    instance,
    results: instance.results as InstanceResults,
    productType,
    definition: definition as TInteractionDefinition,
    client: { token: clientToken, ...client, viewerIsClient },
    weightProfile,
  };
}
