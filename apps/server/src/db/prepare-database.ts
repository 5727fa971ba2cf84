// The start-up steps every process runs before it serves or works, under the start-up lock (db/startup-lock.ts):
// migrations, the shipped texts, the demo data where configured, and the job queue (pg-boss's schema and queues).
import { carryOverLegacyChains } from '../features/audit/legacy-chain';
import type { Config } from '../config';
import type { Database } from './client';
import { migrateDatabase } from './migrate';
import { withStartupLock } from './startup-lock';
import { paths } from '../paths';
import { seedTranslations } from '../features/translations/seed-translations';
import { seedDemo } from '../features/demo/seed-demo';
import { seedDemoBuyer } from '../features/billing/seed-demo-buyer';
import { seedDemoMarketHistory, type MarketHistorySeed } from '../features/market-history/market-history-service';
import { openJobQueue, type JobQueue } from '../jobs/queue';

export interface PreparedDatabase {
  queue: JobQueue;
  /** What the demo's market history is (imported now, already there, or why there is none); null without demo data. */
  marketHistorySeed: MarketHistorySeed | null;
}

export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'DATABASE_URL' | 'demoData' | 'MARKET_HISTORY_CSV' | 'MAIL_SEND_LEASE_SECONDS' | 'AUDIT_CHAIN_KEY'>,
  /** Errors of the running queue (after start-up), for the app's log. */
  onQueueError: (err: Error) => void,
): Promise<PreparedDatabase> {
  return withStartupLock(config.DATABASE_URL, async () => {
    await migrateDatabase(database);
    // Audit events recorded before migration 0056 join the hash chain before anything is appended (docs/decisions/0071).
    await carryOverLegacyChains(database.db, config.AUDIT_CHAIN_KEY, (message) => console.log(message));
    await seedTranslations(database.db, paths.translationsData);
    let marketHistorySeed: MarketHistorySeed | null = null;
    if (config.demoData) {
      // History first: the demo results store the risk section computed from it, as a calculation would.
      marketHistorySeed = await seedDemoMarketHistory(database.db, config.MARKET_HISTORY_CSV ?? paths.demoMarketHistory);
      await seedDemo(database.db);
      await seedDemoBuyer(database.db);
    }
    // The queue starts before the app (the app enqueues through it).
    const queue = await openJobQueue(database, { onError: onQueueError, mailLeaseSeconds: config.MAIL_SEND_LEASE_SECONDS });
    return { queue, marketHistorySeed };
  });
}
