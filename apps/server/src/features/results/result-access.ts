// Loads a finished result for the signed-in evaluator: another account's token is a 404, a missing
// INDIVIDUAL_RESULTS permission a 403, a result not calculated yet a 409 and a LOCKED one a 402.
import { eq, sql } from 'drizzle-orm';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import type { Action, Entity } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import type { DashboardKindParam } from '@bq/contracts/dashboard';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { clients, type InstanceResults } from '../../db/schema';
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

/** The result's client for its header; prepared, as every dashboard, report and certificate view reads it. */
const clientOfResultQuery = prepared((db: Db) =>
  db
    .select({
      token: clients.token,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      // The viewer is this client (same address): a participant who took over their demo result (decision 0023).
      // Spelled out with its table: drizzle writes a one-table select's columns unqualified, and a bare "email"
      // inside this subquery would be the user's own.
      viewerIsClient: sql<boolean>`exists (select 1 from users u where u.id = ${sql.placeholder('userId')} and lower(u.email) = lower("clients"."email"))`,
    })
    .from(clients)
    .where(eq(clients.id, sql.placeholder('clientId')))
    .prepare('client_of_result'),
);

export async function requireOpenResult(
  db: Db,
  auth: AuthContext,
  token: string,
  entity: Entity = 'INDIVIDUAL_RESULTS',
  action: Action = 'READ',
) {
  const { instance, productType } = await requireInstance(db, auth, token, action, { entity });
  if (!hasResult(instance.status) || !instance.results) {
    throw new AppError(RESULT_ERRORS.notReady, 409, `The result is not available (status ${instance.status})`);
  }
  if (instance.lockStatus === 'LOCKED') throw new AppError(RESULT_ERRORS.locked, 402, 'Unlock the result with a credit first');
  // The definition the result was computed with, not the newest: its texts, rules and statement belong to it.
  const definition = getInteractionDefinition(instance.interactionId, (instance.results as InstanceResults).definitionVersion);
  if (!definition) throw new AppError('error.not_found', 404, 'Not found');
  const [client] = await clientOfResultQuery(db).execute({ clientId: instance.clientId, userId: auth.userId });
  return { instance, results: instance.results as InstanceResults, productType, definition: definition as TInteractionDefinition, client: client! };
}
