// Reads the rows of an export from the database in keyset batches: clients of the product configuration in name
// order (the index clients_account_name_idx (account_id, lower(last_name), lower(first_name), id) serves the
// order and the "after the last row" condition), then their finished results for that batch. No server-side cursor:
// PGlite has none that streams, and a batch query holds no connection between batches, so a slow download never
// pins a pooled connection. Memory is one batch at a time.
import { sql, type SQL } from 'drizzle-orm';
import type { ExportContent } from '@bq/contracts/export';
import { RESULT_STATUSES } from '@bq/domain/interaction-lifecycle';
import type { Db } from '../../db/client';
import { sqlList } from '../../db/sql-list';
import { anonymisationColumns, type Anonymisation } from '../anonymisation/anonymise';
import { resultIsOpen } from '../results/locked-results';

export interface ExportClient {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  group: string;
  active: boolean;
  createdAt: Date;
  latestStatus: string | null;
  /** How the viewer's anonymisation shows this client (NAME, NUMBER, STARS) and its running number. */
  anonKind: string;
  anonNumber: number | string | null;
}

export interface ExportResult {
  clientId: string;
  interactionId: string;
  status: string;
  lockStatus: string;
  finishedAt: Date | null;
  /** Dimension key -> T-score (one decimal); null for a locked result, whose scores need a credit first. */
  scores: Record<string, number | null> | null;
  riskClass: number | null;
}

export interface ExportRow {
  client: ExportClient;
  /** content=clients: the latest finished result (or null); content=results: one of the client's results. */
  result: ExportResult | null;
}

export const DEFAULT_BATCH_SIZE = 1000;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;
const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

interface ClientRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  client_group: string;
  active: boolean;
  created_at: Date | string;
  latest_instance_status: string | null;
  anon_kind: string;
  anon_number: number | string | null;
  k_last: string;
  k_first: string;
}

interface ResultRow {
  client_id: string;
  interaction_id: string;
  status: string;
  lock_status: string;
  finished_at: Date | string | null;
  scores: Record<string, number | null> | string | null;
  risk_class: number | string | null;
}

/** How many data rows the export will have (the progress bar's total). */
export async function countExportRows(db: Db, accountId: string, configId: string, content: ExportContent): Promise<number> {
  const result =
    content === 'clients'
      ? await db.execute(sql`select count(*)::int as n from client_products where product_configuration_id = ${configId}::uuid and account_id = ${accountId}::uuid`)
      : await db.execute(sql`
          select count(*)::int as n from interaction_instances
          where product_configuration_id = ${configId}::uuid and account_id = ${accountId}::uuid
            and status in (${sqlList(RESULT_STATUSES)})`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * The export's rows, batch by batch. The generator only runs its next query when the consumer asks for more, so a
 * slow reader holds the database back instead of piling rows up in memory.
 */
export async function* exportRowBatches(
  db: Db,
  opts: { accountId: string; configId: string; content: ExportContent; anon: Anonymisation; batchSize?: number },
): AsyncGenerator<ExportRow[]> {
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  type After = { last: string; first: string; id: string } | null;
  const fetchBatch = async (after: After): Promise<{ rows: ExportRow[]; next: After; done: boolean }> => {
    const keyset: SQL = after ? sql`and (lower(c.last_name), lower(c.first_name), c.id) > (${after.last}, ${after.first}, ${after.id}::uuid)` : sql``;
    // Scores are read in SQL (key -> T) so the large result documents never reach the application.
    const scores = sql`case when ${resultIsOpen(sql`i.lock_status`)} then
        (select jsonb_object_agg(d ->> 'key', coalesce(d -> 'tDisplay', d -> 't')) from jsonb_array_elements(i.results -> 'dimensions') d)
      end as scores,
      case when ${resultIsOpen(sql`i.lock_status`)} then (i.results #>> '{risk,suitableClass}')::int end as risk_class`;
    const page = sql`
        select c.id, c.first_name, c.last_name, c.email, c.phone, c.client_group, c.created_at, cp.active, cp.latest_instance_status,
               cp.latest_instance_id, lower(c.last_name) as k_last, lower(c.first_name) as k_first,
               ${anonymisationColumns(opts.anon, sql`c.id`)}
        from clients c
        join client_products cp on cp.client_id = c.id and cp.product_configuration_id = ${opts.configId}::uuid
        where c.account_id = ${opts.accountId}::uuid ${keyset}
        order by lower(c.last_name), lower(c.first_name), c.id
        limit ${batchSize}::int`;
    let clientRows: ClientRow[];
    let resultRows: ResultRow[];
    if (opts.content === 'clients') {
      // One query: the page of clients, each with the id of its latest finished instance (the membership's
      // trigger-kept latest instance when finished, else an index probe on (client_id, product_configuration_id,
      // created_at desc, id desc)), then that one instance's columns, so the result document is read once per
      // client, not once per instance.
      const rows = rowsOf<ClientRow & Partial<ResultRow> & { instance_id: string | null }>(
        await db.execute(sql`
          with page as (${page})
          select page.*, i.id as instance_id, i.client_id, i.interaction_id, i.status, i.lock_status,
                 coalesce(i.filled_at, i.updated_at) as finished_at, ${scores}
          from page
          left join interaction_instances i on i.id = coalesce(
            -- The trigger-kept latest instance (decision 0017) when it is finished: then it is the latest finished
            -- one, and no probe is needed; coalesce runs the sub-select only otherwise.
            case when page.latest_instance_status in (${sqlList(RESULT_STATUSES)}) then page.latest_instance_id end,
            (select l.id from interaction_instances l
             where l.client_id = page.id and l.product_configuration_id = ${opts.configId}::uuid
               and l.status in (${sqlList(RESULT_STATUSES)})
             order by l.created_at desc, l.id desc limit 1))
          order by page.k_last, page.k_first, page.id`),
      );
      clientRows = rows;
      resultRows = rows.filter((r) => r.instance_id !== null) as unknown as ResultRow[];
    } else {
      clientRows = rowsOf<ClientRow>(await db.execute(page));
      const ids = clientRows.map((c) => c.id);
      resultRows =
        ids.length === 0
          ? []
          : rowsOf<ResultRow>(
              await db.execute(sql`
                select i.client_id, i.interaction_id, i.status, i.lock_status, coalesce(i.filled_at, i.updated_at) as finished_at, ${scores}
                from interaction_instances i
                where i.client_id = any(${`{${ids.join(',')}}`}::uuid[])
                  and i.product_configuration_id = ${opts.configId}::uuid
                  and i.account_id = ${opts.accountId}::uuid
                  and i.status in (${sqlList(RESULT_STATUSES)})
                order by i.client_id, i.created_at desc, i.id desc`),
            );
    }
    if (clientRows.length === 0) return { rows: [], next: null, done: true };
    const last: ClientRow = clientRows[clientRows.length - 1]!;
    const next: After = { last: last.k_last, first: last.k_first, id: last.id };

    const byClient = new Map<string, ExportResult[]>();
    for (const r of resultRows) {
      const list = byClient.get(r.client_id) ?? [];
      list.push({
        clientId: r.client_id,
        interactionId: r.interaction_id,
        status: r.status,
        lockStatus: r.lock_status,
        finishedAt: asDate(r.finished_at),
        scores: typeof r.scores === 'string' ? (JSON.parse(r.scores) as Record<string, number | null>) : r.scores,
        riskClass: r.risk_class === null ? null : Number(r.risk_class),
      });
      byClient.set(r.client_id, list);
    }
    const batch: ExportRow[] = [];
    for (const c of clientRows) {
      const client: ExportClient = {
        id: c.id,
        firstName: c.first_name,
        lastName: c.last_name,
        email: c.email,
        phone: c.phone,
        group: c.client_group,
        active: c.active,
        createdAt: asDate(c.created_at)!,
        latestStatus: c.latest_instance_status,
        anonKind: c.anon_kind,
        anonNumber: c.anon_number,
      };
      const results = byClient.get(c.id) ?? [];
      if (opts.content === 'clients') batch.push({ client, result: results[0] ?? null });
      else for (const result of results) batch.push({ client, result });
    }
    return { rows: batch, next, done: clientRows.length < batchSize };
  };

  // The next batch is queried while the current one is written (one batch ahead, no more), so the database's
  // time and the formatting overlap on PostgreSQL; a failed prefetch surfaces when it is awaited.
  let pending = fetchBatch(null);
  for (;;) {
    const { rows, next, done } = await pending;
    if (!done) {
      pending = fetchBatch(next);
      pending.catch(() => undefined);
    }
    if (rows.length > 0) yield rows;
    if (done) return;
  }
}
