// The yearly review (issue 38 point 2, docs/decisions/0093): a risk client whose latest result is older than the
// product's review period is due (client list filter and column, the shell's count); the adviser is mailed once, a
// set number of days before, and webhooks hear review.due; "start the review" opens the questionnaire with the last
// answers filled in and names the result it reviews; the period is the admin's setting, 0 switches reviews off.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactionInstances, mailOutbox, productConfigurations, webhookDeliveries } from '../../db/schema';
import { uniqueEmail } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { announceDueReviews } from './review-notices';
import { reviewDueAt } from './review-due';
import { adviserWithResult as fixture } from './review-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(() => t.close());

const adviserWithResult = (opts: { monthsAgo: number }) => fixture(t, opts);

const listed = async (a: Awaited<ReturnType<typeof adviserWithResult>>, reviewDue?: boolean) =>
  (await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}${reviewDue === undefined ? '' : `&reviewDue=${reviewDue}`}`)).json() as {
    items: { token: string; reviewDueAt: string | null }[];
    total: number;
  };

describe('review due', () => {
  it('lists a client whose latest result is older than the period, with the date it fell due, and counts it', async () => {
    const due = await adviserWithResult({ monthsAgo: 13 });
    const all = await listed(due);
    expect(all.items[0]!.reviewDueAt).toBe(reviewDueAt(due.finished, 12).toISOString());
    expect((await listed(due, true)).items.map((i) => i.token)).toEqual([due.client.token]);
    expect((await due.http.request('GET', '/api/reminders/counts')).json()).toMatchObject({ reviewsDue: 1 });

    const fresh = await adviserWithResult({ monthsAgo: 2 });
    expect((await listed(fresh, true)).items).toEqual([]);
    expect((await listed(fresh)).items[0]!.reviewDueAt).toBe(reviewDueAt(fresh.finished, 12).toISOString());
    expect((await fresh.http.request('GET', '/api/reminders/counts')).json()).toMatchObject({ reviewsDue: 0 });
  });

  it('is not due once the review is under way, nor when the admin switches reviews off', async () => {
    const a = await adviserWithResult({ monthsAgo: 14 });
    const started = await a.http.request('POST', '/api/instance', { clientToken: a.client.token, productConfigurationId: a.configId, startFromPrevious: true });
    expect(started.statusCode, started.body).toBe(201);
    expect((await listed(a, true)).items).toEqual([]);
    expect((await listed(a)).items[0]!.reviewDueAt).toBeNull();

    const b = await adviserWithResult({ monthsAgo: 14 });
    const off = await b.http.request('PUT', `/api/account/products/${b.configId}/review`, { reviewEveryMonths: 0, reviewNoticeDays: 14 });
    expect(off.statusCode, off.body).toBe(200);
    expect((await listed(b, true)).items).toEqual([]);
    expect((await b.http.request('GET', '/api/reminders/counts')).json()).toMatchObject({ reviewsDue: 0 });
    const user = (await b.http.request('GET', '/api/user')).json() as { products: { id: string; reviewEveryMonths: number }[] };
    expect(user.products.find((p) => p.id === b.configId)!.reviewEveryMonths).toBe(0);
  });

  it('refuses bad settings, a product without reviews, and another account', async () => {
    const a = await adviserWithResult({ monthsAgo: 1 });
    for (const body of [{ reviewEveryMonths: -1, reviewNoticeDays: 14 }, { reviewEveryMonths: 61, reviewNoticeDays: 14 }, { reviewEveryMonths: 12, reviewNoticeDays: 91 }, { reviewEveryMonths: 12 }, { reviewEveryMonths: 1.5, reviewNoticeDays: 1 }]) {
      const res = await a.http.request('PUT', `/api/account/products/${a.configId}/review`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
    }
    const selection = await a.http.request('PUT', `/api/account/products/${a.selectionId}/review`, { reviewEveryMonths: 12, reviewNoticeDays: 14 });
    expect(selection.statusCode).toBe(409);
    expect(selection.json().errorKey).toBe('error.review.not_risk_product');
    const other = await adviserWithResult({ monthsAgo: 1 });
    expect((await other.http.request('PUT', `/api/account/products/${a.configId}/review`, { reviewEveryMonths: 6, reviewNoticeDays: 14 })).statusCode).toBe(404);
    const [config] = await t.db.select().from(productConfigurations).where(eq(productConfigurations.id, a.configId));
    expect(config!.reviewEveryMonths).toBe(12);
  });
});

describe('starting the review', () => {
  it('opens the questionnaire with the previous answers and names the result it reviews', async () => {
    const a = await adviserWithResult({ monthsAgo: 13 });
    const [previous] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, a.resultId));
    const started = (await a.http.request('POST', '/api/instance', { clientToken: a.client.token, productConfigurationId: a.configId, startFromPrevious: true })).json() as { token: string };
    const [review] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, started.token));
    expect(review!.reviewOf).toBe(a.resultId);
    expect(review!.answers).toEqual(previous!.answers);
    // The client sees them filled in, and can change any.
    const opened = (await new TestClient(t.app).request('GET', `/api/q?token=${started.token}`)).json() as { answers: Record<string, unknown> };
    expect(opened.answers).toEqual(previous!.answers);
  });

  it('refuses to start from nothing', async () => {
    const a = await adviserWithResult({ monthsAgo: 13 });
    const client = (await a.http.request('POST', '/api/u', { firstName: 'Neu', lastName: 'Kunde', email: uniqueEmail('client'), productConfigurationId: a.configId })).json() as { token: string };
    const res = await a.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: a.configId, startFromPrevious: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorKey).toBe('error.review.no_previous_result');
    const rows = await t.db.select().from(interactionInstances).where(eq(interactionInstances.productConfigurationId, a.configId));
    expect(rows).toHaveLength(1);
  });
});

describe('the notice before a review', () => {
  it('mails the adviser and tells webhooks once, the notice days before, and not for a review not yet near', async () => {
    const near = await adviserWithResult({ monthsAgo: 12 });
    // 12 x 30 days ago is a few days short of twelve calendar months: inside the 14 notice days.
    const hook = await near.http.request('POST', '/api/account/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['review.due'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const far = await adviserWithResult({ monthsAgo: 6 });

    await announceDueReviews(t.db, t.queue, t.app.config);
    await announceDueReviews(t.db, t.queue, t.app.config);
    const mails = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'REVIEW_DUE'), eq(mailOutbox.accountId, near.accountId)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(near.user.email);
    expect(mails[0]!.textBody).toContain(`/BQ_RISK/client/${near.client.token}`);
    // The mail names no client: the link opens the client as the adviser may see them.
    expect(mails[0]!.textBody).not.toContain('Rita');
    const events = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.json().id));
    expect(events.map((e) => e.event)).toEqual(['review.due']);
    expect(JSON.parse(events[0]!.body).data).toMatchObject({ client: { token: near.client.token }, interaction: { token: near.resultToken }, details: { dueAt: reviewDueAt(near.finished, 12).toISOString() } });
    expect(await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'REVIEW_DUE'), eq(mailOutbox.accountId, far.accountId)))).toEqual([]);
  });
});
