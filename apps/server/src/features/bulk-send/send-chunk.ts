// One chunk of a bulk send, in one transaction: the next clients after the cursor, one questionnaire each (one
// INSERT ... SELECT), their invitation mails in the outbox for the dispatcher, and the cursor and counts moved on. A crash
// rolls the chunk back whole, so the job run again repeats it exactly once. Stopping is honoured here, between chunks.
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '@bq/domain/locales';
import type { Salutation } from '@bq/domain/client-rules';
import { OPEN_FOR_ANSWERS_STATUSES } from '@bq/domain/interaction-lifecycle';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { BULK_SEND_ERRORS, BULK_SEND_MAX_LISTED_FAILURES } from '@bq/contracts/bulk-send';
import { DATA_RIGHTS_ERRORS } from '@bq/contracts/data-rights';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { sqlList } from '../../db/sql-list';
import { bulkSends, productConfigurations, type BulkSendFailure } from '../../db/schema';
import { newPublicToken } from '../clients/client-tokens';
import { trialRuns } from '../credits/wealth-trial';
import { definitionForProduct } from '../interactions/definitions';
import { INSTANCE_ERRORS } from '../instances/instance-service';
import { insertInvitationMails, invitationRows } from './render-invitations';
import { emitWebhookEvents } from '../webhooks/emit';
import { previousAnswersOf, type PreviousAnswers } from '../yearly-review/review-start';

/** Why a chosen client got no questionnaire (the first reasons are the single send's own error keys). */
export const BULK_SKIP = {
  unknown: ERROR_KEYS.notFound,
  erased: DATA_RIGHTS_ERRORS.erased,
  inactive: INSTANCE_ERRORS.clientInactive,
  limit: INSTANCE_ERRORS.limitReached,
  alreadyOpen: BULK_SEND_ERRORS.alreadyOpen,
  recentResult: BULK_SEND_ERRORS.recentResult,
} as const;

/** A PostgreSQL array literal of uuids or URL-safe tokens (neither needs quoting). */
const pgArray = (values: string[]) => `{${values.join(',')}}`;

/** The failures list keeps this many; the count keeps them all. */
export const MAX_LISTED_FAILURES = BULK_SEND_MAX_LISTED_FAILURES;

type ChosenRow = {
  id: string;
  token: string;
  first_name: string;
  last_name: string;
  email: string;
  locale: Locale;
  salutation: Salutation;
  active: boolean | null;
  erased: boolean;
  /** When the newest open questionnaire of the product was sent; null when there is none. */
  open_since: Date | string | null;
  /** When the client last answered within the send's period; null when not (or no period). */
  answered_at: Date | string | null;
};

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Why this client gets nothing, and since when (null: they get their questionnaire, if the limit leaves room). */
function skipOf(row: ChosenRow): { errorKey: string; since: string | null } | null {
  if (row.active === null) return { errorKey: BULK_SKIP.unknown, since: null };
  // Before "inactive", as the single send checks it: an erased client is inactive too (docs/decisions/0077).
  if (row.erased) return { errorKey: BULK_SKIP.erased, since: null };
  if (!row.active) return { errorKey: BULK_SKIP.inactive, since: null };
  if (row.open_since !== null) return { errorKey: BULK_SKIP.alreadyOpen, since: isoOf(row.open_since) };
  if (row.answered_at !== null) return { errorKey: BULK_SKIP.recentResult, since: isoOf(row.answered_at) };
  return null;
}

/** Works one chunk; answers false when the send has ended (done, stopped, or gone). */
export async function sendChunk(tx: Tx, config: Config, bulkSendId: string, chunkSize: number): Promise<boolean> {
  const [bulk] = await tx.select().from(bulkSends).where(eq(bulkSends.id, bulkSendId)).for('update');
  if (!bulk || bulk.status === 'DONE' || bulk.status === 'STOPPED') return false;
  const finish = async (status: 'DONE' | 'STOPPED') => {
    await tx.update(bulkSends).set({ status, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(bulkSends.id, bulk.id));
    return false;
  };
  if (bulk.status === 'STOPPING') return finish('STOPPED');
  const configId = bulk.productConfigurationId;
  // Locked as the single send locks it, so sends at the same time cannot overshoot the interaction limit together;
  // and before the chunk's "already open" is read, so a send that committed while this one waited is seen (issue 36
  // point 14, review L13: the check once ran before the lock and two overlapping sends could both invite a client).
  const [product] = await tx.select().from(productConfigurations).where(eq(productConfigurations.id, configId)).for('update');
  // An open questionnaire of this product (not answered, not expired) is not sent again (docs/decisions/0049), nor is
  // one to a client who answered within the send's period (docs/decisions/0084; a send from before it has none).
  const skipMonths = bulk.options.skipResultsWithinMonths ?? 0;
  const chosen = (
    (await tx.execute(sql`
      select c.id, c.token, c.first_name, c.last_name, c.email, c.locale, c.salutation, cp.active, c.erased_at is not null as erased,
        (select max(ii.created_at) from interaction_instances ii
          where ii.client_id = c.id and ii.product_configuration_id = ${configId}
            and ii.status in (${sqlList(OPEN_FOR_ANSWERS_STATUSES)}) and (ii.expires_at is null or ii.expires_at > now())) as open_since,
        (select max(ii.filled_at) from interaction_instances ii
          where ${skipMonths} > 0 and ii.client_id = c.id and ii.product_configuration_id = ${configId}
            and ii.filled_at > now() - make_interval(months => ${skipMonths}::int)) as answered_at
      from bulk_send_clients b
      join clients c on c.id = b.client_id
      left join client_products cp on cp.client_id = c.id and cp.product_configuration_id = ${configId}
      where b.bulk_send_id = ${bulk.id} and b.client_id > ${bulk.cursor ?? '00000000-0000-0000-0000-000000000000'}
      order by b.client_id
      limit ${chunkSize}`)) as unknown as { rows: ChosenRow[] }
  ).rows;
  if (chosen.length === 0) return finish('DONE');

  let room = Number.POSITIVE_INFINITY;
  if (product!.maxInstances !== null) {
    const [used] = (
      (await tx.execute(sql`select count(*) as n from interaction_instances where product_configuration_id = ${configId}`)) as unknown as {
        rows: { n: number | string }[];
      }
    ).rows;
    room = Math.max(0, product!.maxInstances - Number(used?.n ?? 0));
  }
  const failures: BulkSendFailure[] = [];
  const sending: ChosenRow[] = [];
  for (const row of chosen) {
    const skip = skipOf(row) ?? (sending.length >= room ? { errorKey: BULK_SKIP.limit, since: null } : null);
    if (skip) failures.push({ clientToken: row.token, ...skip });
    else sending.push(row);
  }

  const now = new Date();
  const options = bulk.options;
  const expiresAt = new Date(now.getTime() + (options.expiresInDays ?? product!.invitationValidDays) * 86_400_000);
  const interactionId = PRODUCT_TYPE_INFO[product!.productType].interactionSlug;
  const definition = definitionForProduct(product!.productType);
  const definitionVersion = definition.version;
  // The yearly review: each questionnaire starts from the client's previous answers and names that result; a client
  // without one gets an empty questionnaire, counted (startedEmpty) so the summary can say so.
  const previous = options.startFromPrevious ? await previousAnswersOf(tx, sending.map((row) => row.id), configId, definition) : new Map<string, PreviousAnswers>();
  const starts = JSON.stringify(sending.map((row) => previous.get(row.id) ?? { reviewOf: null, answers: {} }));
  const startedEmpty = options.startFromPrevious ? sending.filter((row) => !previous.has(row.id)).length : 0;
  // One INSERT ... SELECT over two arrays (client ids, tokens) whatever the chunk's size: the options are the same
  // for every row, so they travel once, not as thirteen bind parameters per questionnaire.
  const lockStatus = trialRuns(product!) ? 'TRIAL' : 'LOCKED';
  const instances =
    sending.length === 0
      ? []
      : (
          (await tx.execute(sql`
            insert into interaction_instances (account_id, token, client_id, product_configuration_id, initiator_id, interaction_id,
              definition_version, lock_status, expires_at, auto_reminder, auto_send_report, invited_at, answers, review_of)
            select ${bulk.accountId}, chosen.token, chosen.client_id, ${configId}, ${bulk.userId}, ${interactionId},
              ${definitionVersion}::int, ${lockStatus}, ${expiresAt}::timestamptz, ${options.autoReminder}::boolean,
              ${options.autoSendReport}::boolean, ${options.sendInvitationEmail ? now : null}::timestamptz,
              ${starts}::jsonb -> (chosen.n - 1)::int -> 'answers', (${starts}::jsonb -> (chosen.n - 1)::int ->> 'reviewOf')::uuid
            from unnest(${pgArray(sending.map((row) => row.id))}::uuid[], ${pgArray(sending.map(() => newPublicToken()))}::text[])
              with ordinality as chosen(client_id, token, n)
            returning id, token, client_id as "clientId"`)) as unknown as { rows: { id: string; token: string; clientId: string }[] }
        ).rows;

  // The account's webhooks hear of each questionnaire with the chunk that creates it (docs/decisions/0090).
  await emitWebhookEvents(tx, bulk.accountId, 'interaction.sent', instances.map((i) => ({ clientId: i.clientId, instanceId: i.id })), now);

  let mailed = 0;
  if (options.sendInvitationEmail && instances.length > 0) {
    const client = new Map(sending.map((row) => [row.id, row]));
    const sender = { accountId: bulk.accountId, userId: bulk.userId, interactionId, definitionVersion };
    // Only the values: the dispatcher renders each mail when it sends it (docs/decisions/0057 addendum). No delivery
    // job per mail: the worker's outbox dispatcher sends them, fairly between accounts and over pooled connections.
    const mails = invitationRows(
      config,
      sender,
      instances.map((i) => {
        const row = client.get(i.clientId)!;
        return { instanceId: i.id, instanceToken: i.token, expiresAt, email: row.email, locale: row.locale, salutation: row.salutation, firstName: row.first_name, lastName: row.last_name };
      }),
      now,
    );
    await insertInvitationMails(tx, sender, mails, now);
    mailed = mails.length;
  }

  const listed = [...bulk.failures, ...failures].slice(0, MAX_LISTED_FAILURES);
  await tx
    .update(bulkSends)
    .set({
      cursor: chosen[chosen.length - 1]!.id,
      created: bulk.created + instances.length,
      mailed: bulk.mailed + mailed,
      failed: bulk.failed + failures.length,
      startedEmpty: bulk.startedEmpty + startedEmpty,
      failures: listed,
      updatedAt: sql`now()`,
    })
    .where(eq(bulkSends.id, bulk.id));
  return true;
}
