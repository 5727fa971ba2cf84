// Weight (requirement) profiles: the dimensions a product can weight, the profiles of an account per product
// type (create, edit, delete), their assignment to a client, and a result's fit to the assigned profile.
// Permission: WEIGHT_MANAGEMENT in the product's realm; another account's profile or client is a 404.
import { and, count, eq } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import {
  TARGET_MAX,
  TARGET_MIN,
  WEIGHT_ERRORS,
  WEIGHT_SCALE,
  type TAssignWeightProfileRequest,
  type TAssignedWeightProfile,
  type TCreateWeightProfileRequest,
  type TDimensionWeight,
  type TProductWeights,
  type TResultFit,
  type TUpdateWeightProfileRequest,
  type TWeightProfile,
} from '@bq/contracts/weights';
import type { Action } from '@bq/domain/permissions';
import type { Locale } from '@bq/domain/locales';
import type { ProductType } from '@bq/domain/product-types';
import { profileFit, type FitResult } from '@bq/scoring/fit';
import { roundTo } from '@bq/scoring/precision';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { clientWeightProfiles, clients, weightProfiles, type InstanceResults } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { definitionForProduct } from '../interactions/definitions';
import { requireProductConfigurationByType } from '../products/product-access';
import { definitionTexts } from '../questionnaire/questionnaire-service';
import { readerLocale } from '../results/dashboard-content';
import { isUniqueViolation } from '../../db/sql-state';

const DEFAULT_TARGET = 50;
const notFound = () => new AppError(ERROR_KEYS.notFound, 404, 'Not found');

// A route that names the product type declares it (productPermission.product, docs/decisions/0081): the auth plugin
// has checked WEIGHT_MANAGEMENT in that product's realm. A profile addressed by its id is checked here, in its product.
const requireWeightManagement = (db: Db, auth: AuthContext, productType: ProductType, action: Action) =>
  requireProductConfigurationByType(db, auth, productType, { entity: 'WEIGHT_MANAGEMENT', action });

/** The product's dimensions with their names in the locale (the interaction's INTERACTION_BASE texts). */
export async function productDimensions(db: Db, productType: ProductType, locale: Locale) {
  const definition = definitionForProduct(productType);
  const texts = await definitionTexts(db, definition, locale, ['INTERACTION_BASE']);
  return {
    interactionId: definition.id,
    dimensions: definition.dimensions.map((d) => ({ key: d.key, name: texts[d.nameKey] ?? d.key })),
  };
}

export async function getProductWeights(db: Db, auth: AuthContext, productType: ProductType, requested?: Locale): Promise<TProductWeights> {
  const { interactionId, dimensions } = await productDimensions(db, productType, await readerLocale(db, auth, requested));
  return { productType, interactionId, scale: [...WEIGHT_SCALE], targetMin: TARGET_MIN, targetMax: TARGET_MAX, defaultTarget: DEFAULT_TARGET, dimensions };
}

type ProfileRow = typeof weightProfiles.$inferSelect;
const toProfile = (row: ProfileRow, assignedClients: number): TWeightProfile => ({
  id: row.id,
  productType: row.productType,
  name: row.name,
  weights: row.weights,
  assignedClients,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listWeightProfiles(db: Db, auth: AuthContext, productType: ProductType): Promise<TWeightProfile[]> {
  const rows = await db
    .select({ profile: weightProfiles, assigned: count(clientWeightProfiles.clientId) })
    .from(weightProfiles)
    .leftJoin(clientWeightProfiles, eq(clientWeightProfiles.profileId, weightProfiles.id))
    .where(and(eq(weightProfiles.accountId, auth.accountId), eq(weightProfiles.productType, productType)))
    .groupBy(weightProfiles.id)
    .orderBy(weightProfiles.name);
  return rows.map((r) => toProfile(r.profile, Number(r.assigned)));
}

/** Every weighted dimension must belong to the product's interaction, once. */
function checkWeights(productType: ProductType, weights: TDimensionWeight[]): TDimensionWeight[] {
  const known = new Set(definitionForProduct(productType).dimensions.map((d) => d.key));
  const seen = new Set<string>();
  weights.forEach((w, i) => {
    if (!known.has(w.dimension)) {
      throw new AppError(WEIGHT_ERRORS.unknownDimension, 400, `Unknown dimension ${w.dimension}`, {}, [{ path: `weights.${i}.dimension`, errorKey: WEIGHT_ERRORS.unknownDimension }]);
    }
    if (seen.has(w.dimension)) {
      throw new AppError(WEIGHT_ERRORS.duplicateDimension, 400, `Dimension ${w.dimension} twice`, {}, [{ path: `weights.${i}.dimension`, errorKey: WEIGHT_ERRORS.duplicateDimension }]);
    }
    seen.add(w.dimension);
  });
  return weights.map(({ dimension, weight, target }) => ({ dimension, weight, target }));
}

const duplicateName = () => new AppError(WEIGHT_ERRORS.duplicateName, 409, 'A profile with this name exists', {}, [{ path: 'name', errorKey: WEIGHT_ERRORS.duplicateName }]);

export async function createWeightProfile(db: Db, auth: AuthContext, body: TCreateWeightProfileRequest): Promise<TWeightProfile> {
  const weights = checkWeights(body.productType, body.weights);
  try {
    const [row] = await db
      .insert(weightProfiles)
      .values({ accountId: auth.accountId, productType: body.productType, name: body.name, weights, createdBy: auth.userId })
      .returning();
    return toProfile(row!, 0);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName();
    throw err;
  }
}

async function requireProfile(db: Db, auth: AuthContext, id: string, action: Action): Promise<ProfileRow> {
  const [row] = await db.select().from(weightProfiles).where(and(eq(weightProfiles.id, id), eq(weightProfiles.accountId, auth.accountId)));
  if (!row) throw notFound();
  await requireWeightManagement(db, auth, row.productType, action);
  return row;
}

async function assignedCount(db: Db, profileId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clientWeightProfiles).where(eq(clientWeightProfiles.profileId, profileId));
  return Number(row?.n ?? 0);
}

export async function updateWeightProfile(db: Db, auth: AuthContext, id: string, body: TUpdateWeightProfileRequest): Promise<TWeightProfile> {
  const existing = await requireProfile(db, auth, id, 'UPDATE');
  const weights = checkWeights(existing.productType, body.weights);
  try {
    const [row] = await db
      .update(weightProfiles)
      .set({ name: body.name, weights, version: existing.version + 1, updatedAt: new Date() })
      .where(and(eq(weightProfiles.id, id), eq(weightProfiles.accountId, auth.accountId)))
      .returning();
    return toProfile(row!, await assignedCount(db, id));
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName();
    throw err;
  }
}

/** Deleting a profile removes its assignments (cascade): those clients' results show no fit any more. */
export async function deleteWeightProfile(db: Db, auth: AuthContext, id: string): Promise<void> {
  await requireProfile(db, auth, id, 'DELETE');
  await db.delete(weightProfiles).where(and(eq(weightProfiles.id, id), eq(weightProfiles.accountId, auth.accountId)));
}

async function requireClientId(db: Db, auth: AuthContext, token: string): Promise<string> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(and(eq(clients.token, token), eq(clients.accountId, auth.accountId)));
  if (!client) throw notFound();
  return client.id;
}

export async function assignWeightProfile(db: Db, auth: AuthContext, body: TAssignWeightProfileRequest): Promise<TAssignedWeightProfile> {
  const clientId = await requireClientId(db, auth, body.userToken);
  if (body.profileId === null) {
    await db.delete(clientWeightProfiles).where(and(eq(clientWeightProfiles.clientId, clientId), eq(clientWeightProfiles.productType, body.productType)));
    return { userToken: body.userToken, productType: body.productType, profileId: null, profileName: null };
  }
  const [profile] = await db
    .select()
    .from(weightProfiles)
    .where(and(eq(weightProfiles.id, body.profileId), eq(weightProfiles.accountId, auth.accountId), eq(weightProfiles.productType, body.productType)));
  if (!profile) throw notFound();
  await db
    .insert(clientWeightProfiles)
    .values({ clientId, productType: body.productType, profileId: profile.id, accountId: auth.accountId, assignedBy: auth.userId })
    .onConflictDoUpdate({
      target: [clientWeightProfiles.clientId, clientWeightProfiles.productType],
      set: { profileId: profile.id, assignedBy: auth.userId, assignedAt: new Date() },
    });
  return { userToken: body.userToken, productType: body.productType, profileId: profile.id, profileName: profile.name };
}

export async function getAssignedWeightProfile(db: Db, auth: AuthContext, userToken: string, productType: ProductType): Promise<TAssignedWeightProfile> {
  const clientId = await requireClientId(db, auth, userToken);
  const [row] = await db
    .select({ id: weightProfiles.id, name: weightProfiles.name })
    .from(clientWeightProfiles)
    .innerJoin(weightProfiles, eq(weightProfiles.id, clientWeightProfiles.profileId))
    .where(and(eq(clientWeightProfiles.clientId, clientId), eq(clientWeightProfiles.productType, productType)));
  return { userToken, productType, profileId: row?.id ?? null, profileName: row?.name ?? null };
}

/** The columns of a weight profile that a result's fit needs, as the result's access query reads them. */
export type AssignedWeightProfile = Pick<ProfileRow, 'id' | 'name' | 'weights'>;

/**
 * The fit of a result to a profile's weights (docs/decisions/0074), from the T-scores as every page shows them (one
 * decimal), so that the evaluator can redo the table by hand. The dashboard, "Why this score" and the fairness report
 * all take it from here, so they cannot give one result two fits.
 */
export function fitOfResult(weights: readonly { dimension: string; weight: number; target: number }[], results: InstanceResults): FitResult {
  const shown = (d: InstanceResults['dimensions'][number]) => d.tDisplay ?? (typeof d.t === 'number' ? roundTo(d.t, 1) : null);
  const scores = Object.fromEntries(results.dimensions.map((d) => [d.key, d.computable ? shown(d) : null]));
  return profileFit(scores, Object.fromEntries(weights.map((w) => [w.dimension, { target: w.target, weight: w.weight }])));
}

const roundOrNull = (v: number | null, decimals: number) => (v === null ? null : roundTo(v, decimals));

/**
 * The fit of a result to its client's assigned profile of the product type, or null when none is assigned. The
 * profile comes with the result (features/results/result-access.ts), read in the query that checks access to it.
 */
export function resultFit(profile: AssignedWeightProfile | null, results: InstanceResults): TResultFit | null {
  if (!profile) return null;
  const fit = fitOfResult(profile.weights, results);
  return {
    profileId: profile.id,
    profileName: profile.name,
    fit: fit.fit,
    rmsGapSd: roundOrNull(fit.rmsGapSd, 2),
    contributions: fit.contributions.map((c) => ({
      key: c.key,
      score: roundOrNull(c.score, 1),
      target: c.target,
      weight: c.weight,
      gap: roundOrNull(c.gap, 1),
      gapSd: roundOrNull(c.gapSd, 2),
      weightedSquaredGap: roundOrNull(c.weightedSquaredGap, 2),
      pointsLost: roundOrNull(c.pointsLost, 1),
    })),
    missing: fit.missing,
  };
}
