// Use cases for interaction instances on the evaluator's side: send (create), auto-send switches, delete.
// Status changes go through the lifecycle module; the participant's side lives in its own feature.
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TAutoSendsRequest, TCreateInstanceRequest, TInstance } from '@bq/contracts/instances';
import { INSTANCE_ALREADY_OPEN, ZCreateInstanceRequest } from '@bq/contracts/instances';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { DATA_RIGHTS_ERRORS } from '@bq/contracts/data-rights';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { OPEN_FOR_ANSWERS_STATUSES, isBeingCalculated } from '@bq/domain/interaction-lifecycle';
import type { Action, Entity } from '@bq/domain/permissions';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { clientProducts, clients, clientWeightProfiles, interactionInstances, productConfigurations, weightProfiles } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { assertRealmPermission, type ProductConfigurationRow } from '../products/product-access';
import { newPublicToken } from '../clients/client-tokens';
import { definitionForProduct } from '../interactions/definitions';
import { interactionLimit } from './interactions';
import { assertMaySendQuestionnaires } from '../signup/verification-required';
import { toInstance } from './instance-view';
import { NO_MAILS, mailsOfInstance } from '../mail/mail-delivery';
import { trialRuns } from '../credits/wealth-trial';
import { assertClientNotErased } from '../data-rights/not-erased';
import { previousAnswers } from '../yearly-review/review-start';

export const INSTANCE_ERRORS = {
  clientInactive: 'error.client.inactive',
  inProgress: 'error.interaction.in_progress',
  limitReached: 'error.interaction.limit_reached',
  alreadyOpen: INSTANCE_ALREADY_OPEN,
} as const;

/**
 * A second open questionnaire of one product gives the client two links for one purpose; the adviser is asked first
 * (docs/decisions/0084). 409 error.interaction.already_open names the newest open one (not answered, not expired).
 */
async function assertNoOpenQuestionnaire(tx: Tx, clientId: string, configId: string): Promise<void> {
  const [open] = await tx
    .select({ token: interactionInstances.token, createdAt: interactionInstances.createdAt, expiresAt: interactionInstances.expiresAt, status: interactionInstances.status })
    .from(interactionInstances)
    .where(
      and(
        eq(interactionInstances.clientId, clientId),
        eq(interactionInstances.productConfigurationId, configId),
        inArray(interactionInstances.status, [...OPEN_FOR_ANSWERS_STATUSES]),
        or(isNull(interactionInstances.expiresAt), gt(interactionInstances.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(desc(interactionInstances.createdAt))
    .limit(1);
  if (!open) return;
  throw new AppError(INSTANCE_ERRORS.alreadyOpen, 409, 'This client already has an open questionnaire of this product', {}, undefined, {
    openInstanceToken: open.token,
    openSince: open.createdAt.toISOString(),
    openExpiresAt: open.expiresAt ? open.expiresAt.toISOString() : null,
    openStatus: open.status,
  });
}

type InstanceRow = typeof interactionInstances.$inferSelect;

export async function createInstance(
  db: Db,
  auth: AuthContext,
  /**
   * The product of input.productConfigurationId, its INTERACTION_INSTANCE/CREATE already checked in its realm: by the
   * route's declaration (POST /api/instance), or with the campaign (repeated-measurements/participants.ts).
   */
  config: ProductConfigurationRow,
  input: TCreateInstanceRequest,
  /**
   * Queues the invitation mail in the creating transaction when sendInvitationEmail is set
   * (features/mail/send-invitation.ts; passed in so this feature does not depend on the mail feature).
   */
  queueInvitation?: (tx: Tx, instance: InstanceRow) => Promise<unknown>,
): Promise<TInstance> {
  const request = ZCreateInstanceRequest.parse(input);
  const [client] = await db
    .select({ id: clients.id, token: clients.token, erasedAt: clients.erasedAt, active: clientProducts.active })
    .from(clients)
    .innerJoin(
      clientProducts,
      and(eq(clientProducts.clientId, clients.id), eq(clientProducts.productConfigurationId, config.id)),
    )
    .where(and(eq(clients.accountId, auth.accountId), eq(clients.token, request.clientToken)))
    .limit(1);
  if (!client) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  // Checked before "inactive" (an erased client is inactive too) so the answer says why (docs/decisions/0077).
  if (client.erasedAt) throw new AppError(DATA_RIGHTS_ERRORS.erased, 409, 'This client has been erased');
  if (!client.active)
    throw new AppError(INSTANCE_ERRORS.clientInactive, 409, 'The client is inactive in this product');
  await assertMaySendQuestionnaires(db, auth);
  return db.transaction(async (tx) => {
    // Lock the configuration row so concurrent sends cannot overshoot the interaction limit.
    await tx
      .select({ id: productConfigurations.id })
      .from(productConfigurations)
      .where(eq(productConfigurations.id, config.id))
      .for('update');
    const limit = await interactionLimit(tx as unknown as Db, config.id, config.maxInstances);
    if (!limit.available)
      throw new AppError(
        INSTANCE_ERRORS.limitReached,
        403,
        'The interaction limit of this product is reached',
      );
    // Read under the lock, so two sends at the same moment cannot both miss the other's questionnaire; after the
    // limit, so the adviser is not asked to confirm a send that would be refused anyway.
    if (!request.allowSecondOpen) await assertNoOpenQuestionnaire(tx, client.id, config.id);
    const definition = definitionForProduct(config.productType);
    const review = request.startFromPrevious ? await previousAnswers(tx, client.id, config.id, definition) : null;
    const [row] = await tx
      .insert(interactionInstances)
      .values({
        accountId: auth.accountId,
        token: newPublicToken(),
        clientId: client.id,
        productConfigurationId: config.id,
        initiatorId: auth.userId,
        interactionId: PRODUCT_TYPE_INFO[config.productType].interactionSlug,
        // Pinned when sent: the participant answers, and the result is computed under, this version (decision 0013).
        definitionVersion: definition.version,
        // The wealth advisory trial shows its results without a credit (DESIGN.md section 3) until it ends.
        lockStatus: trialRuns(config) ? 'TRIAL' : 'LOCKED',
        expiresAt: new Date(Date.now() + (request.expiresInDays ?? config.invitationValidDays) * 86_400_000),
        autoReminder: request.autoReminder,
        autoSendReport: request.autoSendReport,
        ...(review ? { answers: review.answers, reviewOf: review.reviewOf } : {}),
      })
      .returning();
    if (!request.sendInvitationEmail || !queueInvitation) return toInstance(row!, client.token, NO_MAILS);
    // The mail and the instance commit together: no questionnaire that says "invited" without its mail, and no
    // mail for a questionnaire that was rolled back.
    await queueInvitation(tx, row!);
    const [invited] = await tx.select().from(interactionInstances).where(eq(interactionInstances.id, row!.id));
    return toInstance(invited!, client.token, await mailsOfInstance(tx, row!.id));
  });
}

/** The instance of this account with this token, checked against the caller's permission in its product. */
const instanceOfAccountQuery = prepared((db: Db) =>
  db
    .select({
      instance: interactionInstances,
      clientToken: clients.token,
      productType: productConfigurations.productType,
      // The client as a result's header shows them (features/results/result-access.ts): read here, from the join
      // this query makes anyway, so a dashboard or report view does not read the client again.
      client: { firstName: clients.firstName, lastName: clients.lastName, email: clients.email, erasedAt: clients.erasedAt },
      // The viewer is this client (same address): a participant who took over their demo result (decision 0023).
      // Spelled out with its table: a bare "email" inside this subquery would be the user's own.
      viewerIsClient: sql<boolean>`exists (select 1 from users u where u.id = ${sql.placeholder('userId')} and lower(u.email) = lower("clients"."email"))`,
      // The client's weight profile for this product type, if one is assigned (one index probe): a result's fit to it
      // is part of its dashboard (features/weights), which then needs no query of its own.
      weightProfile: { id: weightProfiles.id, name: weightProfiles.name, weights: weightProfiles.weights },
    })
    .from(interactionInstances)
    .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
    .innerJoin(
      productConfigurations,
      and(
        eq(productConfigurations.id, interactionInstances.productConfigurationId),
        eq(productConfigurations.accountId, sql.placeholder('accountId')),
      ),
    )
    .leftJoin(
      clientWeightProfiles,
      and(
        eq(clientWeightProfiles.clientId, interactionInstances.clientId),
        eq(clientWeightProfiles.productType, productConfigurations.productType),
        eq(clientWeightProfiles.accountId, sql.placeholder('accountId')),
      ),
    )
    .leftJoin(weightProfiles, eq(weightProfiles.id, clientWeightProfiles.profileId))
    .where(and(eq(interactionInstances.accountId, sql.placeholder('accountId')), eq(interactionInstances.token, sql.placeholder('token'))))
    .limit(1)
    .prepare('instance_of_account'),
);

export async function requireInstance(
  db: Db,
  auth: AuthContext,
  token: string,
  action: Action,
  /** The permission entity to check; results and reports check their own (e.g. INDIVIDUAL_RESULTS). */
  options: { entity?: Entity } = {},
) {
  // One prepared query: the instance, its client and its product configuration (of this account), then the realm
  // permission checked on the joined product type instead of reading the configuration again.
  const [row] = await instanceOfAccountQuery(db).execute({ accountId: auth.accountId, token, userId: auth.userId });
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  assertRealmPermission(auth, row.productType, { entity: options.entity ?? 'INTERACTION_INSTANCE', action });
  return row;
}

export async function getInstance(db: Db, auth: AuthContext, token: string): Promise<TInstance> {
  const { instance, clientToken } = await requireInstance(db, auth, token, 'READ');
  return toInstance(instance, clientToken, await mailsOfInstance(db, instance.id));
}

export async function updateAutoSends(
  db: Db,
  auth: AuthContext,
  token: string,
  input: TAutoSendsRequest,
  /**
   * Runs in the same transaction when auto report is switched on: a result that is already open gets its report
   * mail now rather than never (features/reports/report-mail.ts decides whether one is due).
   */
  onAutoReportOn: (tx: Tx, instanceId: string) => Promise<unknown>,
): Promise<TInstance> {
  const { instance, clientToken } = await requireInstance(db, auth, token, 'UPDATE');
  // Reminders and reports of an erased client's kept result would go to no one (decision 0077).
  await assertClientNotErased(db, instance.clientId);
  const row = await db.transaction(async (tx) => {
    await tx
      .update(interactionInstances)
      .set({
        ...(input.autoReminder !== undefined ? { autoReminder: input.autoReminder } : {}),
        ...(input.autoSendReport !== undefined ? { autoSendReport: input.autoSendReport } : {}),
        updatedAt: new Date(),
      })
      .where(eq(interactionInstances.id, instance.id));
    if (input.autoSendReport === true) await onAutoReportOn(tx, instance.id);
    const [updated] = await tx.select().from(interactionInstances).where(eq(interactionInstances.id, instance.id));
    return updated!;
  });
  return toInstance(row, clientToken, await mailsOfInstance(db, row.id));
}

export async function deleteInstance(db: Db, auth: AuthContext, token: string): Promise<void> {
  const { instance } = await requireInstance(db, auth, token, 'DELETE');
  // Deleting while the result is being calculated would race the job.
  if (isBeingCalculated(instance.status)) {
    throw new AppError(
      INSTANCE_ERRORS.inProgress,
      409,
      'The result is being calculated; try again in a moment',
    );
  }
  await db.delete(interactionInstances).where(eq(interactionInstances.id, instance.id));
}
