// The skipped clients of a bulk send by name, as the viewer may see them (docs/decisions/0084). The send's row keeps
// only tokens, reasons and dates: the names are read when the progress is answered, so an erasure or an
// anonymisation allow-list change since the send shows as it is now, and no name is copied into the send's row.
import { sql } from 'drizzle-orm';
import { MASKED_NAME } from '@bq/contracts/anonymisation';
import type { TBulkSendProgress } from '@bq/contracts/bulk-send';
import { fullName } from '@bq/domain/initials';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { anonymisationColumns, applyAnonymisation, loadAnonymisation } from '../anonymisation/anonymise';

type NameRow = { token: string; firstName: string; lastName: string; anon_kind: string; anon_number: number | string | null };

/** The progress with each listed failure's clientName (null for a token that names no client of the account). */
export async function withClientNames(db: Db, auth: AuthContext, progress: TBulkSendProgress): Promise<TBulkSendProgress> {
  if (progress.failures.length === 0) return progress;
  const anon = await loadAnonymisation(db, auth, progress.productConfigurationId);
  const tokens = JSON.stringify(progress.failures.map((f) => f.clientToken));
  const rows = (
    (await db.execute(sql`
      select c.token, c.first_name as "firstName", c.last_name as "lastName", ${anonymisationColumns(anon, sql`c.id`)}
      from clients c
      where c.account_id = ${auth.accountId} and c.token in (select jsonb_array_elements_text(${tokens}::jsonb))`)) as unknown as {
      rows: NameRow[];
    }
  ).rows;
  const names = new Map(
    rows.map((row) => {
      const shown = applyAnonymisation(anon, row);
      if (shown.anonymizationKind === 'STARS') return [row.token, MASKED_NAME];
      return [row.token, shown.anonymizedName ?? fullName(shown.lastName, shown.firstName)];
    }),
  );
  return { ...progress, failures: progress.failures.map((f) => ({ ...f, clientName: names.get(f.clientToken) ?? null, since: f.since ?? null })) };
}
