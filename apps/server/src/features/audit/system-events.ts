// Events whose actor is the product itself (actor SYSTEM, docs/decisions/0039): what the worker does with a client's
// data without anyone's request, e.g. a report or reminder mail it delivers to the client. They are appended in the
// transaction of the change they record, like a service's own events (audit-note.ts).
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients, interactionInstances } from '../../db/schema';
import { appendToChain } from './audit-chain';

export interface SystemEvent {
  accountId: string;
  action: string;
  /** The result the event concerns; its token and its client's token become the event's subject. */
  instanceId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordSystemEvent(tx: Tx | Db, event: SystemEvent): Promise<void> {
  let subject = { clientToken: null as string | null, resultToken: null as string | null };
  if (event.instanceId) {
    const [row] = await tx
      .select({ resultToken: interactionInstances.token, clientToken: clients.token })
      .from(interactionInstances)
      .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
      .where(eq(interactionInstances.id, event.instanceId));
    if (row) subject = row;
  }
  await appendToChain(tx, event.accountId, [
    {
      occurredAt: new Date(),
      actorKind: 'SYSTEM',
      actorId: null,
      action: event.action,
      ...subject,
      details: event.details ?? {},
      outcome: 'ALLOWED',
      requestId: null,
      ip: null,
      userAgent: null,
    },
  ]);
}
