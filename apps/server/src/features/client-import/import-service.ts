// The client import's use case: read the file, check every row against the account's clients, and (unless a dry
// run) write them all in one transaction, or nothing when any row has an error (docs/decisions/0048); with
// skipInvalid, the valid rows are written and the others reported by row and reason (docs/decisions/0077).
import { count, eq, sql } from 'drizzle-orm';
import { ZClientImportMapping, type TClientImportMapping, type TClientImportResult } from '@bq/contracts/client-import';
import { suggestMapping } from '@bq/domain/client-import';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { accounts, clients } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { assertRealmPermission, type ProductConfigurationRow } from '../products/product-access';
import { CLIENT_ERRORS } from '../clients/client-service';
import { checkRows, type ExistingClients } from './check-rows';
import type { ClientFile } from './read-file';
import { writeClients } from './write-clients';

const PREVIEW_ROWS = 5;

export const IMPORT_ERRORS = { rowsInvalid: 'error.import.rows_invalid' } as const;

async function existingClients(db: Db | Tx, accountId: string): Promise<ExistingClients> {
  const rows = await db
    .select({ id: clients.id, email: clients.email, externalId: clients.externalId })
    .from(clients)
    .where(eq(clients.accountId, accountId));
  const byEmail: ExistingClients['byEmail'] = new Map();
  const byExternalId: ExistingClients['byExternalId'] = new Map();
  for (const row of rows) {
    byEmail.set(row.email, { id: row.id, externalId: row.externalId });
    if (row.externalId) byExternalId.set(row.externalId, { id: row.id });
  }
  return { byEmail, byExternalId };
}

/** New clients beyond the account's limit refuse the whole import (as the one-by-one create does). */
export async function assertRoom(db: Db | Tx, accountId: string, adding: number) {
  if (adding === 0) return;
  const [account] = await db.select({ maxClients: accounts.maxClients }).from(accounts).where(eq(accounts.id, accountId));
  if (account?.maxClients == null) return;
  const [used] = await db.select({ n: count() }).from(clients).where(eq(clients.accountId, accountId));
  if ((used?.n ?? 0) + adding > account.maxClients) {
    throw new AppError(CLIENT_ERRORS.limitReached, 403, `The import would exceed the account's limit of ${account.maxClients} clients`);
  }
}

export async function importClients(
  db: Db,
  auth: AuthContext,
  /** The product the route declared (query.productConfigurationId), checked for BQ_USER/CREATE in its realm. */
  config: ProductConfigurationRow,
  input: { productConfigurationId: string; dryRun: boolean; skipInvalid?: boolean; mapping: TClientImportMapping | null; file: ClientFile },
): Promise<TClientImportResult> {
  const started = performance.now();
  const skipInvalid = input.skipInvalid ?? false;
  const shown = { dryRun: input.dryRun, skipInvalid, headers: input.file.headers, preview: input.file.rows.slice(0, PREVIEW_ROWS).map((r) => r.cells) };
  // Without a mapping a dry run suggests one from the header names (the browser's first look at a file).
  const suggested = suggestMapping(input.file.headers);
  const usable = input.mapping ?? ZClientImportMapping.safeParse(suggested).data ?? null;
  if (!usable) {
    if (!input.dryRun) throw new AppError('error.import.mapping_invalid', 400, 'The mapping is missing');
    const none = { ...shown, mapping: suggested, checked: false, rows: input.file.rows.length, created: 0, updated: 0, errorCount: 0, skippedRows: 0, errors: [] };
    return { ...none, durationMs: Math.round(performance.now() - started) };
  }
  const mapping = usable;
  const run = async (tx: Db | Tx) => {
    const outcome = checkRows(input.file, mapping, await existingClients(tx, auth.accountId));
    const created = outcome.planned.filter((p) => p.existingId === null).length;
    const result = {
      ...shown,
      mapping,
      checked: true,
      rows: input.file.rows.length,
      created,
      updated: outcome.planned.length - created,
      errorCount: outcome.errorCount,
      skippedRows: outcome.skippedRows,
      errors: outcome.errors,
    };
    // The limit counts the rows that would be written: all, or (skipInvalid) the valid ones.
    if (outcome.errorCount === 0 || skipInvalid) await assertRoom(tx, auth.accountId, created);
    if (input.dryRun) return result;
    if (outcome.errorCount > 0 && !skipInvalid) throw new AppError(IMPORT_ERRORS.rowsInvalid, 422, `${outcome.errorCount} row error(s): check the file with dryRun=true`);
    if (result.updated > 0) assertRealmPermission(auth, config.productType, { entity: 'BQ_USER', action: 'UPDATE' });
    await writeClients(tx as Tx, { accountId: auth.accountId, userId: auth.userId, productConfigurationId: config.id }, outcome.planned);
    return result;
  };
  const result = input.dryRun
    ? await run(db)
    : await db.transaction(async (tx) => {
        // The account row's lock orders this import with one-by-one creates and other imports, so the check's view
        // of existing clients and of the limit holds until the commit.
        await tx.execute(sql`select id from ${accounts} where ${accounts.id} = ${auth.accountId} for update`);
        return run(tx);
      });
  return { ...result, durationMs: Math.round(performance.now() - started) };
}
