// GET /api/comparison: up to COMPARISON_MAX_CLIENTS clients of one product side by side, each with its last
// completed (and viewable) result, its similarity to the first client and per dimension what drives it, in a
// fixed number of queries whatever the number of clients. GET /api/comparison/client/{token}: may it join?
// Permission: INDIVIDUAL_COMPARISON/READ in the product's realm; another account's client is a 404.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { COMPARISON_ERRORS, COMPARISON_MAX_CLIENTS, COMPARISON_MIN_CLIENTS, type TClientComparison, type TComparisonCandidate, type TComparisonRequestQuery } from '@bq/contracts/comparison';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { DATA_RIGHTS_ERRORS } from '@bq/contracts/data-rights';
import { RESULT_STATUSES } from '@bq/domain/interaction-lifecycle';
import { compareProfiles } from '@bq/scoring/comparison';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { interactionInstances, type InstanceResults } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { getInteractionDefinition } from '../interactions/definitions';
import type { ProductConfigurationRow } from '../products/product-access';
import { definitionTexts } from '../questionnaire/questionnaire-service';
import { readerLocale } from '../results/dashboard-content';
import { anonymisationColumns, loadAnonymisation, type Anonymisation } from '../anonymisation/anonymise';
import { comparisonDisplayName } from './display-name';
import { resultIsOpen } from '../results/locked-results';

/**
 * The clients by token in the caller's account, with the columns that decide how each is named (anonymisation);
 * any unknown or foreign token is a 404 for the whole call.
 */
async function loadClients(db: Db, anon: Anonymisation, accountId: string, tokens: string[]) {
  const result = await db.execute<{ id: string; token: string; first_name: string; last_name: string; anon_kind: string; anon_number: number | string | null }>(sql`
    select c.id, c.token, c.first_name, c.last_name, c.erased_at is not null as erased, ${anonymisationColumns(anon, sql`c.id`)}
    from clients c
    where c.account_id = ${accountId} and c.token in (${sql.join(tokens.map((t) => sql`${t}`), sql`, `)})`);
  const rows = (result as unknown as { rows: { id: string; token: string; first_name: string; last_name: string; erased: boolean; anon_kind: string; anon_number: number | string | null }[] }).rows;
  if (rows.length !== tokens.length) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  // An erased client's kept result is evidence, not a profile to set beside others (docs/decisions/0077).
  if (rows.some((r) => r.erased)) throw new AppError(DATA_RIGHTS_ERRORS.erased, 409, 'This client has been erased');
  const byToken = new Map(rows.map((r) => [r.token, { id: r.id, token: r.token, firstName: r.first_name, lastName: r.last_name, anon_kind: r.anon_kind, anon_number: r.anon_number }]));
  return tokens.map((t) => byToken.get(t)!);
}

/**
 * Each client's last completed result in the configuration: the newest with scores that the adviser can see
 * (a LOCKED one would show paid content; decision 0019). One DISTINCT ON query for all clients.
 */
async function lastCompleteInstances(db: Db, accountId: string, configId: string, clientIds: string[]) {
  const rows = await db
    .selectDistinctOn([interactionInstances.clientId], {
      clientId: interactionInstances.clientId,
      token: interactionInstances.token,
      interactionId: interactionInstances.interactionId,
      filledAt: interactionInstances.filledAt,
      results: interactionInstances.results,
    })
    .from(interactionInstances)
    .where(
      and(
        eq(interactionInstances.accountId, accountId),
        eq(interactionInstances.productConfigurationId, configId),
        inArray(interactionInstances.clientId, clientIds),
        inArray(interactionInstances.status, [...RESULT_STATUSES]),
        sql`${interactionInstances.results} is not null`,
        resultIsOpen(interactionInstances.lockStatus),
      ),
    )
    .orderBy(interactionInstances.clientId, desc(sql`coalesce(${interactionInstances.filledAt}, ${interactionInstances.createdAt})`), desc(interactionInstances.id));
  return new Map(rows.map((r) => [r.clientId, { ...r, results: r.results as InstanceResults }]));
}

const noCompletedInstance = (token: string) =>
  new AppError(COMPARISON_ERRORS.noCompletedInstance, 409, 'No Completed Instance', {}, [{ path: `clientToken.${token}`, errorKey: COMPARISON_ERRORS.noCompletedInstance }]);

/** `config`: the account's product of query.productType, INDIVIDUAL_COMPARISON/READ checked in its realm by the route. */
export async function compareClients(db: Db, auth: AuthContext, config: ProductConfigurationRow, query: TComparisonRequestQuery): Promise<TClientComparison> {
  // The same token twice is one client (adding replaces an entry with the same token).
  const tokens = [...new Set(query.clientToken)];
  if (tokens.length < COMPARISON_MIN_CLIENTS) throw new AppError(COMPARISON_ERRORS.tooFew, 400, `Compare at least ${COMPARISON_MIN_CLIENTS} clients`);
  if (tokens.length > COMPARISON_MAX_CLIENTS) throw new AppError(COMPARISON_ERRORS.tooMany, 400, 'Too many clients to compare');
  const locale = await readerLocale(db, auth, query.locale);
  const anon = await loadAnonymisation(db, auth, config.id, locale);
  const rows = await loadClients(db, anon, auth.accountId, tokens);
  const instances = await lastCompleteInstances(db, auth.accountId, config.id, rows.map((r) => r.id));
  for (const row of rows) if (!instances.has(row.id)) throw noCompletedInstance(row.token);

  const definitions = new Map<string, NonNullable<ReturnType<typeof getInteractionDefinition>>>();
  for (const i of instances.values()) {
    const key = `${i.interactionId}@${i.results.definitionVersion}`;
    if (!definitions.has(key)) definitions.set(key, getInteractionDefinition(i.interactionId, i.results.definitionVersion)!);
  }
  const texts: Record<string, string> = {};
  for (const d of definitions.values()) Object.assign(texts, await definitionTexts(db, d, locale, ['INTERACTION_BASE']));
  const definitionOf = (i: { interactionId: string; results: InstanceResults }) => definitions.get(`${i.interactionId}@${i.results.definitionVersion}`)!;

  const profiles = rows.map((row) => {
    const i = instances.get(row.id)!;
    return { id: row.token, scores: Object.fromEntries(i.results.dimensions.map((d) => [d.key, d.computable ? (d.t ?? null) : null])) };
  });
  const compared = compareProfiles(profiles);
  const dimensionName = (key: string, i: { interactionId: string; results: InstanceResults }) => {
    const dimension = definitionOf(i).dimensions.find((d) => d.key === key);
    return dimension ? (texts[dimension.nameKey] ?? key) : key;
  };

  const first = instances.get(rows[0]!.id)!;
  return {
    productType: query.productType,
    maxClients: COMPARISON_MAX_CLIENTS,
    dimensions: first.results.dimensions.map((d) => ({ key: d.key, name: dimensionName(d.key, first) })),
    clients: rows.map((row, index) => {
      const i = instances.get(row.id)!;
      const definition = definitionOf(i);
      const c = compared[index]!;
      return {
        token: row.token,
        ...comparisonDisplayName(anon, row),
        lastCompleteInteractionToken: i.token,
        dashboardResults: { name: texts[definition.nameKey] ?? definition.id, date: (i.filledAt?.toISOString() ?? i.results.calculatedAt).slice(0, 10) },
        instanceDimensions: i.results.dimensions.map((d) => ({ key: d.key, name: dimensionName(d.key, i) })),
        dimensionGraph: i.results.dimensions.map((d) => ({ key: d.key, value: d.computable && d.t != null ? Math.round(d.t * 10) / 10 : null })),
        similarity: c.similarity,
        shape: c.shape,
        level: c.level,
        drivers: c.drivers,
      };
    }),
  };
}

export async function comparisonCandidate(db: Db, auth: AuthContext, config: ProductConfigurationRow, token: string): Promise<TComparisonCandidate> {
  const anon = await loadAnonymisation(db, auth, config.id);
  const [row] = await loadClients(db, anon, auth.accountId, [token]);
  const instance = (await lastCompleteInstances(db, auth.accountId, config.id, [row!.id])).get(row!.id);
  if (!instance) throw noCompletedInstance(token);
  return { token: row!.token, displayName: comparisonDisplayName(anon, row!).displayName, lastCompleteInteractionToken: instance.token };
}
