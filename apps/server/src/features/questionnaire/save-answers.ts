// PUT /api/q/{token}/answers: the participant's most frequent call (every page of every questionnaire), so it is
// two prepared statements and no transaction (docs/decisions/0057, addendum of 2026-11-29): a read of the instance
// without a lock, then one conditional UPDATE that merges the new answers into the stored ones. The UPDATE's own
// row lock and its WHERE (still open, not expired) keep the rules the read checked: a submit or a close that commits
// in between makes it change nothing, and the save then answers with that state's error. Two saves at once both
// keep their answers (each merges into the row as the other left it), where a read-modify-write would lose one.
import { eq, sql } from 'drizzle-orm';
import type { TAnswerProgress, TSaveAnswersRequest } from '@bq/contracts/questionnaire';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { OPEN_FOR_ANSWERS_STATUSES } from '@bq/domain/interaction-lifecycle';
import { isValidAnswer } from '@bq/scoring/raw-scores';
import { scoringItems } from '@bq/scoring/scoring-definition';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sqlList } from '../../db/sql-list';
import { interactionInstances } from '../../db/schema';
import { QUESTIONNAIRE_ERRORS, assertStillAnswerable, definitionOf, progress } from './questionnaire-service';

/** What a save checks before it writes: no joins, no lock. */
const instanceToAnswerQuery = prepared((db: Db) =>
  db
    .select({
      id: interactionInstances.id,
      status: interactionInstances.status,
      expiresAt: interactionInstances.expiresAt,
      interactionId: interactionInstances.interactionId,
      definitionVersion: interactionInstances.definitionVersion,
    })
    .from(interactionInstances)
    .where(eq(interactionInstances.token, sql.placeholder('token')))
    .limit(1)
    .prepare('instance_to_answer'),
);

/**
 * Merges `set` into the answers and takes out the keys in `removed`; a NEW instance becomes OPENED (answering
 * without having opened, e.g. from a stale tab, still counts as opening). Changes nothing unless the instance is
 * still open for answers and not expired at `now`.
 */
const mergeAnswersQuery = prepared((db: Db) =>
  db
    .update(interactionInstances)
    .set({
      answers: sql`(${interactionInstances.answers} || ${sql.placeholder('set')}::jsonb) - array(select jsonb_array_elements_text(${sql.placeholder('removed')}::jsonb))`,
      status: sql`'OPENED'`,
      // Only the opening sets these (the right-hand side reads the row as it was).
      openedAt: sql`case when ${interactionInstances.status} = 'NEW' then ${sql.placeholder('now')}::timestamptz else ${interactionInstances.openedAt} end`,
      definitionVersion: sql`case when ${interactionInstances.status} = 'NEW' then ${sql.placeholder('definitionVersion')}::integer else ${interactionInstances.definitionVersion} end`,
      // The instance's last change (the client's "last activity" in the adviser's list, kept by a trigger that
      // rewrites the client's row) moves at most once a minute while a participant answers: every save moved it, and
      // the trigger's work was 40 % of a save on the embedded database (docs/decisions/0095).
      updatedAt: sql`case when ${interactionInstances.status} = 'NEW' or ${interactionInstances.updatedAt} < ${sql.placeholder('now')}::timestamptz - interval '1 minute'
        then ${sql.placeholder('now')}::timestamptz else ${interactionInstances.updatedAt} end`,
    })
    .where(
      sql`${interactionInstances.id} = ${sql.placeholder('id')}
        and ${interactionInstances.token} = ${sql.placeholder('token')}
        and ${interactionInstances.status} in (${sqlList(OPEN_FOR_ANSWERS_STATUSES)})
        and (${interactionInstances.expiresAt} is null or ${interactionInstances.expiresAt} > ${sql.placeholder('now')}::timestamptz)`,
    )
    .returning({ status: interactionInstances.status, answers: interactionInstances.answers })
    .prepare('merge_answers'),
);

/** What a save needs of an opened instance, none of which changes once it is opened (the definition version is pinned then). */
type OpenedInstance = Pick<NonNullable<Awaited<ReturnType<ReturnType<typeof instanceToAnswerQuery>['execute']>>[number]>, 'id' | 'interactionId' | 'definitionVersion'>;
const OPENED_KEPT = 20_000;
/**
 * The opened instances this process saved answers to, by database and token, so the saves after the first are one
 * statement (docs/decisions/0095): a participant saves every page. Nothing here grants anything: the UPDATE still
 * requires the token, an open status and no expiry, and when it changes nothing the save reads the row and answers
 * with its state, as without the entry.
 */
const openedByDb = new WeakMap<Db, Map<string, OpenedInstance>>();

function openedOf(db: Db): Map<string, OpenedInstance> {
  let opened = openedByDb.get(db);
  if (!opened) openedByDb.set(db, (opened = new Map()));
  return opened;
}

function remember(opened: Map<string, OpenedInstance>, token: string, instance: OpenedInstance) {
  opened.delete(token);
  opened.set(token, instance);
  // A Map keeps insertion order: the first key is the least recently saved.
  if (opened.size > OPENED_KEPT) opened.delete(opened.keys().next().value!);
}

/** The answers to write and to take out; an unknown item or an impossible answer is refused (400). */
function checkedChange(definition: ReturnType<typeof definitionOf>, body: TSaveAnswersRequest) {
  const items = new Map(scoringItems(definition).map((i) => [i.key, i]));
  const set: Record<string, number | string> = {};
  const removed: string[] = [];
  for (const [key, value] of Object.entries(body.answers)) {
    const item = items.get(key);
    if (!item) throw new AppError(QUESTIONNAIRE_ERRORS.unknownItem, 400, `Unknown item ${key}`);
    if (value === null) removed.push(key);
    else if (isValidAnswer(item, value)) set[key] = value;
    else throw new AppError(QUESTIONNAIRE_ERRORS.invalidAnswer, 400, `Not a possible answer to ${key}`);
  }
  return { set, removed };
}

export async function saveAnswers(db: Db, token: string, body: TSaveAnswersRequest): Promise<TAnswerProgress> {
  const now = new Date();
  const opened = openedOf(db);
  const kept = opened.get(token);
  const readNow = async () => {
    const [read] = await instanceToAnswerQuery(db).execute({ token });
    if (!read) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
    assertStillAnswerable(read, now);
    return read;
  };
  const instance: OpenedInstance = kept ?? (await readNow());
  const definition = definitionOf(instance);
  let change: { set: Record<string, number | string>; removed: string[] };
  try {
    change = checkedChange(definition, body);
  } catch (err) {
    // The questionnaire's state is answered before the answers' faults, as without the entry.
    if (kept) await readNow();
    throw err;
  }
  const { set, removed } = change;
  const [row] = await mergeAnswersQuery(db).execute({
    id: instance.id,
    token,
    set: JSON.stringify(set),
    removed: JSON.stringify(removed),
    now: now.toISOString(),
    definitionVersion: definition.version,
  });
  if (row) {
    remember(opened, token, { id: instance.id, interactionId: instance.interactionId, definitionVersion: definition.version });
    return progress(definition, row);
  }
  // Submitted, closed, expired or deleted since the read (or since the entry was kept): answer as that state does.
  opened.delete(token);
  const [current] = await instanceToAnswerQuery(db).execute({ token });
  if (!current) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  assertStillAnswerable(current, now);
  throw new AppError(QUESTIONNAIRE_ERRORS.alreadySubmitted, 409, 'This questionnaire was already submitted');
}
