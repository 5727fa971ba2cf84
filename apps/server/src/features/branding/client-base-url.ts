// Where an account's clients are sent (docs/decisions/0056, addendum): the links in their mails (questionnaire, report
// download, logo) and on their certificates name the firm's own host name once an operator assigned one, so the client
// never meets the platform's address; without one, PUBLIC_URL. The scheme stays PUBLIC_URL's (https in production;
// Caddy's on-demand TLS serves the firm's hosts). Of several hosts, the one assigned first (alphabetical among hosts
// assigned together).
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { accountHosts } from '../../db/schema';

/** `{ publicUrl }` for building the account's client links: the firm's host, or the platform's PUBLIC_URL. */
export async function clientLinkBase(db: Db | Tx, config: Pick<Config, 'publicUrl'>, accountId: string): Promise<Pick<Config, 'publicUrl'>> {
  const [own] = await db
    .select({ host: accountHosts.host })
    .from(accountHosts)
    .where(eq(accountHosts.accountId, accountId))
    .orderBy(asc(accountHosts.createdAt), asc(accountHosts.host))
    .limit(1);
  if (!own) return { publicUrl: config.publicUrl };
  return { publicUrl: `${new URL(config.publicUrl).protocol}//${own.host}` };
}
