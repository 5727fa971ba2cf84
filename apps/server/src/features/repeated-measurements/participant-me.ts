// GET /api/{product}/participant/me?instanceToken=: a participant's own measurements. The participant signs in with
// nothing but the instance token of one of their questionnaires (docs/decisions/0020): it identifies the client, and
// the answer covers that client's campaigns in that product only. An unknown token, or one of another product, is 404.
import { and, eq, sql } from 'drizzle-orm';
import type { TParticipantMe } from '@bq/contracts/repeated-measurements';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { InteractionStatus } from '@bq/domain/interaction-lifecycle';
import type { Locale } from '@bq/domain/locales';
import type { ProductType } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { clients, interactionInstances, productConfigurations } from '../../db/schema';
import { isLocked } from '../results/locked-results';
import { dimensionNames } from './campaigns';
import { dimensionChanges, tScores, type StoredDimensionScore } from './measurement-change';

interface Row extends Record<string, unknown> {
  campaign_id: string;
  campaign_name: string;
  measurement: number;
  status: InteractionStatus;
  lock_status: string;
  created_at: string | Date;
  filled_at: string | Date | null;
  dimensions: StoredDimensionScore[] | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function participantMe(db: Db, productType: ProductType, instanceToken: string, requestedLocale?: Locale): Promise<TParticipantMe> {
  const [found] = await db
    .select({
      clientId: clients.id,
      accountId: clients.accountId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      clientLocale: clients.locale,
      productConfigurationId: interactionInstances.productConfigurationId,
    })
    .from(interactionInstances)
    .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
    .innerJoin(productConfigurations, eq(productConfigurations.id, interactionInstances.productConfigurationId))
    .where(and(eq(interactionInstances.token, instanceToken), eq(productConfigurations.productType, productType)))
    .limit(1);
  if (!found) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  const locale = requestedLocale ?? found.clientLocale;
  const result = await db.execute<Row>(sql`
    select rm.id as campaign_id, rm.name as campaign_name, rmi.measurement, ii.status, ii.lock_status, ii.created_at,
           ii.filled_at, case when ii.status = 'RESULTS_AVAILABLE' then ii.results->'dimensions' end as dimensions
    from repeated_measurement_instances rmi
    join repeated_measurements rm on rm.id = rmi.repeated_measurement_id
    join interaction_instances ii on ii.id = rmi.instance_id
    where rmi.client_id = ${found.clientId} and rmi.account_id = ${found.accountId}
      and rm.product_configuration_id = ${found.productConfigurationId}
    order by rm.created_at, rm.id, rmi.measurement`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const names = await dimensionNames(db, productType, locale);
  const campaigns = new Map<string, Row[]>();
  for (const row of rows) campaigns.set(row.campaign_id, [...(campaigns.get(row.campaign_id) ?? []), row]);
  return {
    firstName: found.firstName,
    lastName: found.lastName,
    campaigns: [...campaigns.values()].map((measurements) => {
      // Scores of a result the adviser has not unlocked stay closed, to the participant as well.
      const open = measurements.filter((m) => m.status === 'RESULTS_AVAILABLE' && !isLocked(m.lock_status));
      return {
        name: measurements[0]!.campaign_name,
        measurements: measurements.map((m) => {
          const scores = m.status === 'RESULTS_AVAILABLE' && !isLocked(m.lock_status) ? tScores(m.dimensions) : new Map();
          return {
            measurement: Number(m.measurement),
            status: m.status,
            createdAt: new Date(m.created_at).toISOString(),
            filledAt: m.filled_at === null ? null : new Date(m.filled_at).toISOString(),
            scores: names.filter((n) => scores.has(n.key)).map((n) => ({ key: n.key, name: n.name, t: round1(scores.get(n.key)!.t) })),
          };
        }),
        changes: open.length >= 2 ? dimensionChanges(names, open[0]!.dimensions, open.at(-1)!.dimensions) : [],
      };
    }),
  };
}
