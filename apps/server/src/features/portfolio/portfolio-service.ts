// A client's current portfolio: saving a dated one (earlier ones are kept), reading the latest with its check
// against the suitable risk class of the client's latest risk result, and the list of saved dates (decision 0091).
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { TGetPortfolioResponse, TPortfolioCheck, TPutPortfolioRequest } from '@bq/contracts/portfolio';
import { RESULT_STATUSES } from '@bq/domain/interaction-lifecycle';
import { hasPermission, type Action } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { clientPortfolios, clientProducts, clients, interactionInstances, productConfigurations } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { loadReturnSeries } from '../market-history/market-history-service';
import { checkPortfolio, portfolioClassOfMix } from './portfolio-check';
import { portfolioMix } from './portfolio-mix';

const notFound = () => new AppError(ERROR_KEYS.notFound, 404, 'Not found');

/**
 * The client of the caller's account (another account's token is a missing one) in whose products the caller holds
 * BQ_USER with the action in at least one realm: a client token names no product the route could declare
 * (decision 0081, "Remaining checks in services").
 */
async function requirePortfolioClient(db: Db, auth: AuthContext, token: string, action: Action) {
  const [client] = await db
    .select({ id: clients.id, token: clients.token })
    .from(clients)
    .where(and(eq(clients.accountId, auth.accountId), eq(clients.token, token)))
    .limit(1);
  if (!client) throw notFound();
  const products = await db
    .select({ productType: productConfigurations.productType })
    .from(clientProducts)
    .innerJoin(productConfigurations, eq(productConfigurations.id, clientProducts.productConfigurationId))
    .where(eq(clientProducts.clientId, client.id));
  const allowed = products.some((p) => hasPermission(auth.permissions, { realm: PRODUCT_TYPE_INFO[p.productType as ProductType].realm, entity: 'BQ_USER', action }));
  if (!allowed) throw new AppError(ERROR_KEYS.forbidden, 403, 'Permission missing');
  return client;
}

/**
 * The suitable risk class of the client's latest risk result the caller may read: calculated, not LOCKED (a locked
 * result's class is what the credit buys) and in a product where the caller holds INDIVIDUAL_RESULTS/READ.
 */
export async function latestSuitableClass(db: Db, auth: AuthContext, clientId: string): Promise<{ resultToken: string; suitableClass: number } | null> {
  const rows = await db
    .select({
      token: interactionInstances.token,
      productType: productConfigurations.productType,
      suitableClass: sql<number | null>`(${interactionInstances.results}->'risk'->>'suitableClass')::int`,
    })
    .from(interactionInstances)
    .innerJoin(productConfigurations, eq(productConfigurations.id, interactionInstances.productConfigurationId))
    .where(
      and(
        eq(interactionInstances.clientId, clientId),
        inArray(interactionInstances.status, [...RESULT_STATUSES]),
        ne(interactionInstances.lockStatus, 'LOCKED'),
        isNotNull(sql`${interactionInstances.results}->'risk'->'suitableClass'`),
      ),
    )
    .orderBy(desc(sql`coalesce(${interactionInstances.filledAt}, ${interactionInstances.createdAt})`), desc(interactionInstances.createdAt));
  const readable = rows.find(
    (r) => r.suitableClass !== null && hasPermission(auth.permissions, { realm: PRODUCT_TYPE_INFO[r.productType as ProductType].realm, entity: 'INDIVIDUAL_RESULTS', action: 'READ' }),
  );
  return readable ? { resultToken: readable.token, suitableClass: readable.suitableClass! } : null;
}

type PortfolioRow = typeof clientPortfolios.$inferSelect;

/** The check of a saved portfolio, or why there is none. */
export async function checkOf(db: Db, auth: AuthContext, clientId: string, row: PortfolioRow): Promise<{ check: TPortfolioCheck | null; checkMissing: TGetPortfolioResponse['checkMissing'] }> {
  const risk = await latestSuitableClass(db, auth, clientId);
  if (!risk) return { check: null, checkMissing: 'NO_RISK_RESULT' };
  const loaded = await loadReturnSeries(db);
  if (!loaded) return { check: null, checkMissing: 'NO_MARKET_HISTORY' };
  return { check: checkPortfolio(loaded, portfolioMix(row.positions).mix, risk.suitableClass, risk.resultToken), checkMissing: null };
}

async function portfolioAnswer(db: Db, auth: AuthContext, client: { id: string; token: string }): Promise<TGetPortfolioResponse> {
  const rows = await db
    .select()
    .from(clientPortfolios)
    .where(eq(clientPortfolios.clientId, client.id))
    .orderBy(desc(clientPortfolios.asOf), desc(clientPortfolios.createdAt));
  const history = rows.map((r) => ({ asOf: r.asOf, createdAt: r.createdAt.toISOString() }));
  const latest = rows[0];
  if (!latest) return { clientToken: client.token, portfolio: null, check: null, checkMissing: null, history };
  return {
    clientToken: client.token,
    portfolio: { asOf: latest.asOf, createdAt: latest.createdAt.toISOString(), ...portfolioMix(latest.positions) },
    ...(await checkOf(db, auth, client.id, latest)),
    history,
  };
}

export async function getPortfolio(db: Db, auth: AuthContext, token: string): Promise<TGetPortfolioResponse> {
  return portfolioAnswer(db, auth, await requirePortfolioClient(db, auth, token, 'READ'));
}

export async function savePortfolio(db: Db, auth: AuthContext, token: string, request: TPutPortfolioRequest): Promise<TGetPortfolioResponse> {
  const client = await requirePortfolioClient(db, auth, token, 'UPDATE');
  const loaded = await loadReturnSeries(db);
  const portfolioClass = loaded ? portfolioClassOfMix(loaded, portfolioMix(request.positions).mix) : null;
  await db.insert(clientPortfolios).values({ accountId: auth.accountId, clientId: client.id, asOf: request.asOf, positions: request.positions, portfolioClass, createdBy: auth.userId });
  return portfolioAnswer(db, auth, client);
}
