// GET /api/v1/export/user/repeated_measurement/{id}/csv: every measurement of a campaign, one row each, streamed in
// keyset-paged batches (memory stays flat however large the campaign), with the file name in Content-Disposition.
import { Readable } from 'node:stream';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CSV_BOM, csvLine, csvNumber } from '@bq/domain/csv';
import type { InteractionStatus } from '@bq/domain/interaction-lifecycle';
import { formatDate, fileNameDate } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import { fileNamePart } from '@bq/domain/report-file-name';
import type { Db } from '../../db/client';
import { translations } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { loadAnonymisation } from '../anonymisation/anonymise';
import { isLocked, resultIsOpen } from '../results/locked-results';
import { memberDisplayName, memberNameColumns } from '../teams/member-names';
import { dimensionNames, readerLocale, requireCampaign } from './campaigns';
import { tScores, type StoredDimensionScore } from './measurement-change';

const BATCH = 1000;
const HEADER_KEYS = ['lastName', 'firstName', 'measurement', 'status', 'completedOn'] as const;
const HEADER_FALLBACK: Record<(typeof HEADER_KEYS)[number], string> = {
  lastName: 'Last name',
  firstName: 'First name',
  measurement: 'Measurement',
  status: 'Status',
  completedOn: 'Completed on',
};

interface Row extends Record<string, unknown> {
  client_id: string;
  sort_last: string;
  sort_first: string;
  first_name: string;
  last_name: string;
  measurement: number;
  status: InteractionStatus;
  lock_status: string;
  filled_at: string | Date | null;
  dimensions: StoredDimensionScore[] | null;
  anon_kind: string;
  anon_number: number | string | null;
}

async function headerTexts(db: Db, locale: Locale): Promise<string[]> {
  const keys = HEADER_KEYS.map((k) => `repeatedMeasurement.csv.${k}`);
  const rows = await db
    .select({ key: translations.key, text: translations.text })
    .from(translations)
    .where(and(eq(translations.language, locale), eq(translations.textType, 'BQUI'), inArray(translations.key, keys)));
  const texts = new Map(rows.map((r) => [r.key, r.text]));
  return HEADER_KEYS.map((k) => texts.get(`repeatedMeasurement.csv.${k}`) ?? HEADER_FALLBACK[k]);
}

export interface CsvExport {
  fileName: string;
  stream: Readable;
}

export async function exportCampaignCsv(db: Db, auth: AuthContext, campaignId: string, requestedLocale?: Locale, now = new Date()): Promise<CsvExport> {
  const campaign = await requireCampaign(db, auth, campaignId, { entity: 'INDIVIDUAL_EXPORT', action: 'READ' });
  const locale = await readerLocale(db, auth, requestedLocale);
  const [names, headers, anon] = await Promise.all([
    dimensionNames(db, campaign.productType, locale),
    headerTexts(db, locale),
    loadAnonymisation(db, auth, campaign.productConfigurationId, locale),
  ]);

  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine([...headers, ...names.map((n) => n.name)], locale);
    let after: Row | null = null;
    for (;;) {
      const keyset: SQL = after
        ? sql`and (lower(c.last_name), lower(c.first_name), c.id, rmi.measurement) > (${after.sort_last}, ${after.sort_first}, ${after.client_id}::uuid, ${after.measurement})`
        : sql``;
      const result: unknown = await db.execute<Row>(sql`
        select c.id as client_id, lower(c.last_name) as sort_last, lower(c.first_name) as sort_first, c.first_name,
               c.last_name, rmi.measurement, ii.status, ii.lock_status, ii.filled_at,
               case when ii.status = 'RESULTS_AVAILABLE' and ${resultIsOpen(sql`ii.lock_status`)} then ii.results->'dimensions' end as dimensions,
               ${memberNameColumns(anon, sql`c.id`)}
        from repeated_measurement_instances rmi
        join clients c on c.id = rmi.client_id
        join interaction_instances ii on ii.id = rmi.instance_id
        where rmi.repeated_measurement_id = ${campaign.id} and rmi.account_id = ${auth.accountId} ${keyset}
        order by lower(c.last_name), lower(c.first_name), c.id, rmi.measurement
        limit ${BATCH}`);
      const rows: Row[] = (result as { rows: Row[] }).rows;
      let chunk = '';
      for (const row of rows) {
        const person = memberDisplayName(anon, { firstName: row.first_name, lastName: row.last_name, anon_kind: row.anon_kind, anon_number: row.anon_number });
        const scores = tScores(row.dimensions);
        chunk += csvLine(
          [
            person.name,
            person.firstName,
            csvNumber(Number(row.measurement), 0),
            row.status === 'RESULTS_AVAILABLE' && isLocked(row.lock_status) ? 'LOCKED' : row.status,
            row.filled_at ? formatDate(new Date(row.filled_at), locale) : '',
            ...names.map((n) => csvNumber(scores.get(n.key)?.t, 1)),
          ],
          locale,
        );
      }
      if (chunk) yield chunk;
      if (rows.length < BATCH) return;
      after = rows.at(-1)!;
    }
  }

  return {
    fileName: `repeated-measurement_${fileNamePart(campaign.name) || 'campaign'}_${fileNameDate(now, locale)}.csv`,
    stream: Readable.from(lines()),
  };
}
