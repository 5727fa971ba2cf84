// Telling the adviser a review is coming (docs/decisions/0093): once a result's review is due within the product's
// notice days, the worker's sweep marks it (review_notices, one row per result, so it is told once), mails the adviser
// who sent that questionnaire (or, if they are gone, whoever created the client) and writes the webhook event
// review.due, all in one transaction. A review already under way (a newer questionnaire) is not announced.
import { sql } from 'drizzle-orm';
import { LOCALE_TAGS, type Locale } from '@bq/domain/locales';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sqlList } from '../../db/sql-list';
import type { JobQueue } from '../../jobs/queue';
import { RESULT_STATUSES } from '@bq/domain/interaction-lifecycle';
import { queueMail } from '../mail/outbox';
import { emitWebhookEvent } from '../webhooks/emit';
import { REVIEW_PRODUCT_TYPES, reviewDueAt } from './review-due';

/** At most this many results per sweep: a first run over years of results announces them over a few sweeps. */
const BATCH = 200;

interface DueRow extends Record<string, unknown> {
  result_id: string;
  account_id: string;
  client_id: string;
  client_token: string;
  product_type: string;
  finished_at: Date | string;
  months: number;
  adviser_email: string | null;
  adviser_locale: Locale | null;
  adviser_id: string | null;
}

export async function announceDueReviews(db: Db, queue: JobQueue, config: Pick<Config, 'publicUrl'>, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = (await tx.execute(sql`
      select ri.id as result_id, ri.account_id, ri.client_id, c.token as client_token, pc.product_type,
             coalesce(ri.filled_at, ri.created_at) as finished_at, pc.review_every_months as months,
             adviser.id as adviser_id, adviser.email as adviser_email, adviser.locale as adviser_locale
      from client_products cp
      join product_configurations pc on pc.id = cp.product_configuration_id
      join interaction_instances ri on ri.id = cp.latest_instance_id
      join clients c on c.id = cp.client_id and c.erased_at is null
      left join lateral (
        select u.id, u.email, u.locale from users u
        where u.id in (ri.initiator_id, c.created_by) and u.active
        order by (u.id = ri.initiator_id) desc limit 1
      ) adviser on true
      where cp.active and pc.review_every_months > 0 and pc.product_type in (${sqlList(REVIEW_PRODUCT_TYPES)})
        and ri.status in (${sqlList(RESULT_STATUSES)})
        and coalesce(ri.filled_at, ri.created_at) <= ${now.toISOString()}::timestamptz + make_interval(days => pc.review_notice_days) - make_interval(months => pc.review_every_months)
        and not exists (select 1 from review_notices n where n.result_instance_id = ri.id)
      limit ${BATCH}
      for update of cp skip locked`)) as unknown as { rows: DueRow[] };
    for (const row of due.rows) {
      const dueAt = reviewDueAt(new Date(row.finished_at), row.months);
      await tx.execute(sql`insert into review_notices (result_instance_id, account_id, due_at) values (${row.result_id}, ${row.account_id}, ${dueAt.toISOString()}::timestamptz)`);
      await emitWebhookEvent(tx, { accountId: row.account_id, event: 'review.due', clientId: row.client_id, instanceId: row.result_id, extra: { dueAt: dueAt.toISOString() } });
      if (!row.adviser_email || !row.adviser_id) continue;
      const locale = row.adviser_locale ?? 'EN_US';
      const date = (d: Date) => new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(d);
      await queueMail(
        tx,
        queue,
        {
          accountId: row.account_id,
          kind: 'REVIEW_DUE',
          dedupeKey: `review-due:${row.result_id}`,
          to: row.adviser_email,
          locale,
          template: 'reviewDue',
          params: {
            dueDate: date(dueAt),
            resultDate: date(new Date(row.finished_at)),
            link: `${config.publicUrl}/${row.product_type}/client/${encodeURIComponent(row.client_token)}`,
          },
          userId: row.adviser_id,
        },
        config,
      );
    }
    return due.rows.length;
  });
}
