// Campaigns of repeated measurements: create, list, find one of the caller's account, and the dimension names of
// the campaign's interaction in a locale (docs/decisions/0020).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TCreateRepeatedMeasurementRequest, TRepeatedMeasurement } from '@bq/contracts/repeated-measurements';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { DEFAULT_LOCALE, type Locale } from '@bq/domain/locales';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import type { Entity, Action } from '@bq/domain/permissions';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { productConfigurations, repeatedMeasurements } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { requireProductConfiguration, type ProductConfigurationRow } from '../products/product-access';
import { definitionForProduct } from '../interactions/definitions';
import { definitionTexts } from '../questionnaire/questionnaire-service';
import { userLocale } from '../user/user-service';

export type CampaignRow = typeof repeatedMeasurements.$inferSelect & { productType: ProductType };

/** The campaign of the caller's account (another account's id is a missing one), checked against a permission. */
export async function requireCampaign(
  db: Db,
  auth: AuthContext,
  id: string,
  check: { entity: Entity; action: Action },
): Promise<CampaignRow> {
  const [row] = await db
    .select({ campaign: repeatedMeasurements, productType: productConfigurations.productType })
    .from(repeatedMeasurements)
    .innerJoin(productConfigurations, eq(productConfigurations.id, repeatedMeasurements.productConfigurationId))
    .where(and(eq(repeatedMeasurements.id, id), eq(repeatedMeasurements.accountId, auth.accountId)))
    .limit(1);
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  await requireProductConfiguration(db, auth, row.campaign.productConfigurationId, check);
  return { ...row.campaign, productType: row.productType };
}

// Written out (not interpolated): drizzle would render the column unqualified, and ii.id would capture it.
const counts = sql<number>`(select count(distinct rmi.client_id)::int from repeated_measurement_instances rmi
  where rmi.repeated_measurement_id = repeated_measurements.id)`;
const completedCounts = sql<number>`(select count(distinct rmi.client_id)::int from repeated_measurement_instances rmi
  join interaction_instances ii on ii.id = rmi.instance_id
  where rmi.repeated_measurement_id = repeated_measurements.id and ii.status = 'RESULTS_AVAILABLE')`;

function toCampaign(row: typeof repeatedMeasurements.$inferSelect, productType: ProductType, participantCount: number, completedCount: number): TRepeatedMeasurement {
  return {
    id: row.id,
    name: row.name,
    productConfigurationId: row.productConfigurationId,
    productType,
    interactionId: PRODUCT_TYPE_INFO[productType].interactionSlug,
    createdAt: row.createdAt.toISOString(),
    participantCount: Number(participantCount),
    completedCount: Number(completedCount),
  };
}

/** `config`: the product the route declared (query.productConfigurationId), checked for INTERACTION_INSTANCE/READ in its realm. */
export async function listCampaigns(db: Db, auth: AuthContext, config: ProductConfigurationRow): Promise<TRepeatedMeasurement[]> {
  const rows = await db
    .select({ campaign: repeatedMeasurements, participants: counts, completed: completedCounts })
    .from(repeatedMeasurements)
    .where(and(eq(repeatedMeasurements.accountId, auth.accountId), eq(repeatedMeasurements.productConfigurationId, config.id)))
    .orderBy(desc(repeatedMeasurements.createdAt), desc(repeatedMeasurements.id));
  return rows.map((r) => toCampaign(r.campaign, config.productType, r.participants, r.completed));
}

export async function campaignSummary(db: Db, campaign: CampaignRow): Promise<TRepeatedMeasurement> {
  const [row] = await db
    .select({ participants: counts, completed: completedCounts })
    .from(repeatedMeasurements)
    .where(eq(repeatedMeasurements.id, campaign.id));
  return toCampaign(campaign, campaign.productType, row?.participants ?? 0, row?.completed ?? 0);
}

/** `config`: the product the route declared (input.productConfigurationId), checked for INTERACTION_INSTANCE/CREATE in its realm. */
export async function createCampaign(db: Db, auth: AuthContext, config: ProductConfigurationRow, input: TCreateRepeatedMeasurementRequest): Promise<TRepeatedMeasurement> {
  const [row] = await db
    .insert(repeatedMeasurements)
    .values({ accountId: auth.accountId, productConfigurationId: config.id, name: input.name, createdBy: auth.userId })
    .returning();
  return toCampaign(row!, config.productType, 0, 0);
}

/** The reader's locale: the one asked for, else the user's own, else the default. */
export async function readerLocale(db: Db, auth: AuthContext | null, requested: Locale | undefined): Promise<Locale> {
  if (requested) return requested;
  return (auth ? await userLocale(db, auth.userId) : null) ?? DEFAULT_LOCALE;
}

/** The campaign interaction's dimensions in definition order, with their names in the locale (key as fallback). */
export async function dimensionNames(db: Db, productType: ProductType, locale: Locale): Promise<{ key: string; name: string }[]> {
  const definition = definitionForProduct(productType);
  const texts = await definitionTexts(db, definition, locale, ['INTERACTION_BASE']);
  return definition.dimensions.map((d) => ({ key: d.key, name: texts[d.nameKey]?.trim() || d.key }));
}
