// When the public may use a start link (docs/decisions/0092 and its addendum): the link is switched on and so is its
// account's switch for all links. Every public door (the page's info, the start, a pending verification link, the
// frame-ancestors of the page, the branding by public id) asks this one condition, so a link switched off either way
// is the same 404 as one that never existed.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { accounts, publicLinks } from '../../db/schema';

export function linkUsable(): SQL {
  return and(eq(publicLinks.active, true), sql`exists (select 1 from ${accounts} where ${accounts.id} = ${publicLinks.accountId} and ${accounts.publicLinksEnabled})`)!;
}
