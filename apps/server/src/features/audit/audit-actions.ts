// The actions the trail can hold (issue 37 point 10; docs/decisions/0080): every route's declared action (and its
// refused variant), collected from the route table as routes are added, plus the events the product records itself.
// The list feeds the action filter's suggestions (GET /api/audit/actions), the 400 for an action nobody records,
// and the test that every action has words in every locale (audit-action-texts.test.ts).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { AppError } from '../../app-error';

/**
 * Actions recorded without a route declaring them (actor SYSTEM or the trail itself): a new one belongs here, or the
 * officer's filter cannot offer it and the texts' test cannot ask for its words.
 */
export const SYSTEM_ACTIONS = ['mail.sent', 'audit.events_lost', 'audit.chain_upgraded', 'retention.sweep'] as const;

/** The actions a route declares: its action and, for a sign-in, the one recorded when refused. */
export function actionsOfRoute(route: Pick<RouteOptions, 'config'>): string[] {
  const declaration = (route.config as { audit?: { action: string; refusedAction?: string } | false } | undefined)?.audit;
  if (!declaration) return [];
  return declaration.refusedAction ? [declaration.action, declaration.refusedAction] : [declaration.action];
}

/** Collects the declared actions of the routes added after it (the audit plugin registers it before any feature). */
export function collectActions(app: FastifyInstance): Set<string> {
  const actions = new Set<string>(SYSTEM_ACTIONS);
  app.addHook('onRoute', (route) => {
    for (const action of actionsOfRoute(route)) actions.add(action);
  });
  return actions;
}

/**
 * A filter's action must be one the trail knows: declared now, or found in the account's own events (an action a
 * later version renamed). Anything else is a typo, answered with its own key instead of an empty list.
 */
export async function assertKnownAction(db: Db, known: ReadonlySet<string>, accountId: string, action: string | undefined): Promise<void> {
  if (!action || known.has(action)) return;
  // Not even shaped like a code (`area.verb`): no need to ask the database, and no odd bytes reach it.
  const unknown = new AppError('error.audit.unknown_action', 400, `No action called ${JSON.stringify(action.slice(0, 100))}`);
  if (!/^[a-z_]+\.[a-z_.]+$/.test(action)) throw unknown;
  const [found] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action)))
    .limit(1);
  if (!found) throw unknown;
}
