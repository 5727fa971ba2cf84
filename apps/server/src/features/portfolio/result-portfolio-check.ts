// The dashboard's `portfolioCheck` (decision 0091): the client's current portfolio against the suitable class of
// the result being viewed. Stored with the result like its risk section, once per portfolio: the figures of a
// portfolio shown with a result stay as they were shown, whatever market history is imported later; a newer
// portfolio of the client gets its own check at the next view.
import { desc, eq, sql } from 'drizzle-orm';
import type { TResultPortfolioCheck } from '@bq/contracts/portfolio';
import type { Db } from '../../db/client';
import { clientPortfolios, type InstanceResults } from '../../db/schema';
import { loadReturnSeries } from '../market-history/market-history-service';
import { checkPortfolio } from './portfolio-check';
import { portfolioMix } from './portfolio-mix';

type StoredCheck = NonNullable<InstanceResults['portfolioCheck']>;

const shown = ({ portfolioId: _, ...check }: StoredCheck): TResultPortfolioCheck => check;

export async function resultPortfolioCheck(
  db: Db,
  instance: { id: string; token: string; clientId: string },
  results: InstanceResults,
  now: Date = new Date(),
): Promise<TResultPortfolioCheck | null> {
  if (!results.risk) return null;
  const [latest] = await db
    .select()
    .from(clientPortfolios)
    .where(eq(clientPortfolios.clientId, instance.clientId))
    .orderBy(desc(clientPortfolios.asOf), desc(clientPortfolios.createdAt))
    .limit(1);
  if (!latest) return null;
  if (results.portfolioCheck?.portfolioId === latest.id) return shown(results.portfolioCheck);
  const loaded = await loadReturnSeries(db);
  if (!loaded) return null;
  const { mix, positions } = portfolioMix(latest.positions);
  const stored: StoredCheck = {
    portfolioId: latest.id,
    asOf: latest.asOf,
    mix,
    positions,
    check: checkPortfolio(loaded, mix, results.risk.suitableClass, instance.token),
    computedAt: now.toISOString(),
  };
  // Only over a check of another portfolio: a concurrent first view keeps the first write.
  await db.execute(sql`
    update interaction_instances
       set results = jsonb_set(results, '{portfolioCheck}', ${JSON.stringify(stored)}::jsonb)
     where id = ${instance.id} and results is not null
       and (results->'portfolioCheck'->>'portfolioId') is distinct from ${latest.id}`);
  return shown(stored);
}
