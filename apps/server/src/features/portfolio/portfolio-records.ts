// A client's portfolios for their rights (decision 0043): every saved one in the personal-data copy, and none left
// after an erasure (the holdings are the client's financial situation; a check stored with a kept result stays
// with that result, as the rest of the advisory record does).
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clientPortfolios } from '../../db/schema';

export async function portfoliosOfClient(db: Db, clientId: string) {
  const rows = await db.select().from(clientPortfolios).where(eq(clientPortfolios.clientId, clientId)).orderBy(asc(clientPortfolios.asOf), asc(clientPortfolios.createdAt));
  return rows.map((r) => ({ asOf: r.asOf, positions: r.positions, savedAt: r.createdAt.toISOString() }));
}

export async function erasePortfolios(tx: Tx, clientId: string): Promise<number> {
  return (await tx.delete(clientPortfolios).where(eq(clientPortfolios.clientId, clientId)).returning({ id: clientPortfolios.id })).length;
}
