// GET /api/audit/events/export: the filtered trail as a file. CSV: newest first like the list, for people. JSON Lines:
// the chain as anyone can verify it (docs/decisions/0071), oldest first, each event with seq, prevHash and hash, and
// (unfiltered) the signed checkpoints as lines of their own after the event they cover. Rows are read in keyset pages
// and written as the response is read, so memory stays flat over years of events; the export ends at the newest event
// there was when it started, so its announced row count and its rows agree.
import { Readable } from 'node:stream';
import { AUDIT_EXPORT_COLUMNS, type AuditExportFormat, type TAuditEvent, type TExportAuditEventsRequest } from '@bq/contracts/audit';
import { CSV_BOM, csvLine, csvNumber, type CsvCell } from '@bq/domain/csv';
import { fileNamePart } from '@bq/domain/report-file-name';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { checkpointsOf } from './checkpoint';
import { chainPages, countAuditEvents, listAuditEvents, newestAuditEventId, type AuditFilter } from './list-events';
import type { ExportedCheckpoint, ExportedExcerpt } from './verify-export';

/** Rows per query: large enough to keep the query count low, small enough that a page is a few hundred KB. */
export const AUDIT_EXPORT_PAGE = 500;

export const AUDIT_EXPORT_CONTENT_TYPES: Record<AuditExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/jsonl; charset=utf-8',
};

export interface PreparedAuditExport {
  fileName: string;
  contentType: string;
  totalRows: number;
  /** The newest event the file can hold (0 for an empty trail). */
  throughId: number;
  body: Readable;
}

/**
 * One CSV record. Every text cell goes through the one CSV writer, which quotes and neutralises a leading = + - @
 * (a client token or user agent is whatever the caller sent, so a crafted one must not run as a formula). The
 * separator is always ',': the file is evidence for tools as much as for a spreadsheet, and ISO times need no locale.
 */
function csvRecord(e: TAuditEvent): string {
  const cells: Record<(typeof AUDIT_EXPORT_COLUMNS)[number], CsvCell> = {
    ...e,
    seq: csvNumber(e.seq, 0),
    details: JSON.stringify(e.details),
  };
  return csvLine(AUDIT_EXPORT_COLUMNS.map((c) => cells[c]), 'EN_US');
}

async function* pages(db: Db, accountId: string, filter: AuditFilter, throughId: number): AsyncGenerator<TAuditEvent[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await listAuditEvents(db, accountId, { ...filter, limit: AUDIT_EXPORT_PAGE, ...(cursor ? { cursor } : {}) }, throughId);
    if (page.events.length > 0) yield page.events;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

function fileNameOf(format: AuditExportFormat, filter: AuditFilter, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
  const client = filter.clientToken ? fileNamePart(filter.clientToken).slice(0, 40) : '';
  return ['audit-trail', client, stamp].filter(Boolean).join('_') + `.${format}`;
}

type ExportConfig = Pick<Config, 'AUDIT_CHECKPOINT_DIR'>;

/** Whether the filter selects the whole trail (then the file carries the checkpoints and verifies end to end). */
function unfiltered(filter: AuditFilter): boolean {
  return Object.values(filter).every((v) => v === undefined);
}

/**
 * The JSON Lines of the chain: events in seq order, each checkpoint right after the event at its seq; a checkpoint
 * beyond the last event (its events are gone: a deleted tail) comes last, where the verifier reports it.
 */
export async function* chainLines(db: Db, config: ExportConfig, accountId: string, filter: AuditFilter, throughId: number): AsyncGenerator<string> {
  const whole = unfiltered(filter);
  const checkpoints: ExportedCheckpoint[] = whole ? await checkpointsOf(db, config, accountId) : [];
  // A filtered file says so on its first line, so the verifier reports a selection, not a broken chain.
  if (!whole) yield `${JSON.stringify({ type: 'excerpt', v: 1, accountId, filter } satisfies ExportedExcerpt)}\n`;
  let next = 0;
  for await (const events of chainPages(db, accountId, filter, throughId, AUDIT_EXPORT_PAGE)) {
    const lines: string[] = [];
    for (const e of events) {
      while (next < checkpoints.length && checkpoints[next]!.seq < e.seq) lines.push(`${JSON.stringify(checkpoints[next++])}\n`);
      lines.push(`${JSON.stringify(e)}\n`);
    }
    yield lines.join('');
  }
  const rest = checkpoints.slice(next).map((c) => `${JSON.stringify(c)}\n`);
  if (rest.length > 0) yield rest.join('');
}

export async function prepareAuditExport(db: Db, config: ExportConfig, accountId: string, query: TExportAuditEventsRequest, now = new Date()): Promise<PreparedAuditExport> {
  const { format, ...filter } = query;
  const throughId = await newestAuditEventId(db, accountId);
  const totalRows = throughId === 0 ? 0 : await countAuditEvents(db, accountId, filter, throughId);

  async function* chunks(): AsyncGenerator<string> {
    if (format === 'jsonl') {
      yield* chainLines(db, config, accountId, filter, throughId);
      return;
    }
    yield CSV_BOM + csvLine([...AUDIT_EXPORT_COLUMNS], 'EN_US');
    if (throughId === 0) return;
    for await (const events of pages(db, accountId, filter, throughId)) yield events.map(csvRecord).join('');
  }

  return { fileName: fileNameOf(format, filter, now), contentType: AUDIT_EXPORT_CONTENT_TYPES[format], totalRows, throughId, body: Readable.from(chunks(), { objectMode: false }) };
}
