// The refusal other features ask for before acting on a client (docs/decisions/0077): an erased client is a
// pseudonym, with no address to write to, so nothing is sent to it (409 error.data_rights.already_erased).
import { eq } from 'drizzle-orm';
import { DATA_RIGHTS_ERRORS } from '@bq/contracts/data-rights';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { clients } from '../../db/schema';

export async function assertClientNotErased(db: Db | Tx, clientId: string): Promise<void> {
  const [row] = await db.select({ erasedAt: clients.erasedAt }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (row?.erasedAt) throw new AppError(DATA_RIGHTS_ERRORS.erased, 409, 'This client has been erased');
}
