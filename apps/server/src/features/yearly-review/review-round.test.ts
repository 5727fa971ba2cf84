// The month's review round (docs/decisions/0093 addendum): the list filter reviewDue=month finds every client whose
// review falls due by the end of this month, and one bulk send starts each one's questionnaire from their previous
// answers, naming the result it reviews; a client without a result starts empty and the summary counts them.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewDueCutoff } from '@bq/domain/yearly-review';
import { clients, interactionInstances } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runBulkSend } from '../bulk-send/run-bulk-send';
import { MONTH, clientWithResult, newClient, riskAdviser } from './review-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A result date whose review (twelve calendar months on) falls due after now but before this month ends. */
function dueLaterThisMonth(): Date {
  const now = Date.now();
  const finished = new Date(now + (reviewDueCutoff('month', new Date(now)).getTime() - now) / 2);
  finished.setUTCFullYear(finished.getUTCFullYear() - 1);
  return finished;
}

async function round() {
  const a = await riskAdviser(t);
  const overdue = await clientWithResult(t, a, new Date(Date.now() - 13 * MONTH), { seed: 3, firstName: 'Olga' });
  const thisMonth = await clientWithResult(t, a, dueLaterThisMonth(), { seed: 5, firstName: 'Mona' });
  const fresh = await clientWithResult(t, a, new Date(Date.now() - 4 * MONTH), { seed: 7, firstName: 'Fritz' });
  return { a, overdue, thisMonth, fresh };
}

const tokensOf = async (a: Awaited<ReturnType<typeof riskAdviser>>, reviewDue: string) =>
  ((await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}&reviewDue=${reviewDue}`)).json() as { items: { token: string }[] }).items.map((i) => i.token).sort();

describe('the review round of the month', () => {
  it('filters due by the end of the month apart from due now', async () => {
    const { a, overdue, thisMonth } = await round();
    expect(await tokensOf(a, 'true')).toEqual([overdue.client.token]);
    expect(await tokensOf(a, 'month')).toEqual([overdue.client.token, thisMonth.client.token].sort());
  });

  it('sends everyone due this month in one send, each starting from their previous answers and naming that result', async () => {
    const { a, overdue, thisMonth, fresh } = await round();
    const res = await a.http.request('POST', '/api/instance/bulk', { productConfigurationId: a.configId, filter: { reviewDue: 'month' }, startFromPrevious: true, sendInvitationEmail: false });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ total: 2, startFromPrevious: true });
    await runBulkSend(t.db, t.config, res.json().id, { chunkSize: 5 });
    const done = (await a.http.request('GET', `/api/instance/bulk/${res.json().id}`)).json();
    expect(done).toMatchObject({ status: 'DONE', created: 2, failed: 0, startedEmpty: 0 });

    const previous = await t.db.select({ id: interactionInstances.id, answers: interactionInstances.answers }).from(interactionInstances).where(inArray(interactionInstances.id, [overdue.resultId, thisMonth.resultId]));
    const answersOf = new Map(previous.map((p) => [p.id, p.answers]));
    const reviews = await t.db
      .select({ token: clients.token, answers: interactionInstances.answers, reviewOf: interactionInstances.reviewOf })
      .from(interactionInstances)
      .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
      .where(inArray(interactionInstances.reviewOf, [overdue.resultId, thisMonth.resultId]));
    expect(reviews.map((r) => r.token).sort()).toEqual([overdue.client.token, thisMonth.client.token].sort());
    for (const review of reviews) {
      expect(Object.keys(review.answers).length).toBeGreaterThan(10);
      expect(review.answers).toEqual(answersOf.get(review.reviewOf!));
    }
    // The two clients' answers differ (different respondents): each got their own, not the other's.
    expect(answersOf.get(overdue.resultId)).not.toEqual(answersOf.get(thisMonth.resultId));
    // The client not due gets nothing.
    const freshRows = await t.db.select().from(interactionInstances).innerJoin(clients, eq(clients.id, interactionInstances.clientId)).where(eq(clients.token, fresh.client.token));
    expect(freshRows).toHaveLength(1);
  });

  it('starts a client without a result empty and says how many in the summary', async () => {
    const { a, overdue } = await round();
    const newcomer = await newClient(a, 'Nina');
    const res = await a.http.request('POST', '/api/instance/bulk', { productConfigurationId: a.configId, clientTokens: [overdue.client.token, newcomer.token], startFromPrevious: true, sendInvitationEmail: false, skipResultsWithinMonths: 0 });
    expect(res.statusCode, res.body).toBe(202);
    await runBulkSend(t.db, t.config, res.json().id, { chunkSize: 5 });
    expect((await a.http.request('GET', `/api/instance/bulk/${res.json().id}`)).json()).toMatchObject({ status: 'DONE', created: 2, failed: 0, startedEmpty: 1 });
    const rows = await t.db.select({ answers: interactionInstances.answers, reviewOf: interactionInstances.reviewOf }).from(interactionInstances).innerJoin(clients, eq(clients.id, interactionInstances.clientId)).where(eq(clients.token, newcomer.token));
    expect(rows).toEqual([{ answers: {}, reviewOf: null }]);
    const [review] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.reviewOf, overdue.resultId));
    expect(review).toBeDefined();
  });

  it('without startFromPrevious the questionnaires start empty, as before', async () => {
    const { a, overdue } = await round();
    const res = await a.http.request('POST', '/api/instance/bulk', { productConfigurationId: a.configId, filter: { reviewDue: true }, sendInvitationEmail: false });
    await runBulkSend(t.db, t.config, res.json().id, { chunkSize: 5 });
    expect((await a.http.request('GET', `/api/instance/bulk/${res.json().id}`)).json()).toMatchObject({ created: 1, startFromPrevious: false, startedEmpty: 0 });
    const rows = await t.db.select().from(interactionInstances).innerJoin(clients, eq(clients.id, interactionInstances.clientId)).where(eq(clients.token, overdue.client.token));
    const sent = rows.map((r) => r.interaction_instances).find((i) => i.id !== overdue.resultId)!;
    expect(sent).toMatchObject({ answers: {}, reviewOf: null });
  });

  it('refuses bad input with 400 and sends nothing', async () => {
    const { a } = await round();
    for (const body of [
      { productConfigurationId: a.configId, filter: { reviewDue: 'soon' }, startFromPrevious: true },
      { productConfigurationId: a.configId, filter: { reviewDue: 'month' }, startFromPrevious: 'yes' },
      { productConfigurationId: a.configId, startFromPrevious: true },
    ]) {
      const res = await a.http.request('POST', '/api/instance/bulk', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
    }
    const list = await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}&reviewDue=soon`);
    expect(list.statusCode).toBe(400);
    expect(list.json().errorKey).toBe('error.validation');
    const sent = await t.db.select().from(interactionInstances).innerJoin(clients, eq(clients.id, interactionInstances.clientId)).where(eq(clients.accountId, a.accountId));
    expect(sent).toHaveLength(3);
  });
});
