// The participant's journey through the API: open by token, answer (saved as given, resumable), submit, and
// the calculation job moving the instance on to its results, also across a worker restart.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { ProductType } from '@bq/domain/product-types';
import { accounts, clients, interactionInstances, productConfigurations } from '../../db/schema';
import { openJobQueue } from '../../jobs/queue';
import { startWorker } from '../../jobs/worker';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { calculateInstance } from '../calculation/calculate-instance';
import { getInteractionDefinition } from '../interactions/definitions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_SECONDS: '0.5', PARTICIPANT_ACCESS_LOG_DAYS: '21' });
});
afterAll(() => t.close());

async function sentInstance(product: ProductType = 'BQ_RISK', locale = 'DE_DE') {
  const acc = await createAccount(t.db, { products: [product] });
  const { email, password } = await createUser(t.db, acc.account.id);
  const adviser = new TestClient(t.app);
  await adviser.login(email, password);
  const config = acc.configs[0]!.id;
  const client = (await adviser.request('POST', '/api/u', { firstName: 'Jana', lastName: 'Roth', email: `jana${Math.random()}@example.com`, locale, productConfigurationId: config })).json();
  const instance = (await adviser.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config })).json();
  const participant = new TestClient(t.app, '192.0.2.10'); // no session: the token is the credential
  return { adviser, participant, client, instance, config };
}

/** A complete, valid answer set: the first option or scale point of every item. */
function fullAnswers(definition: TInteractionDefinition): Record<string, number | string> {
  const scales = new Map(definition.scales.map((s) => [s.id, s.points.map((p) => p.value)]));
  return Object.fromEntries(definition.items.map((i) => [i.key, i.type === 'choice' ? i.options[0]!.key : Math.max(...scales.get(i.scale)!)]));
}

async function waitForStatus(token: string, wanted: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, token));
    if (row?.status === wanted) return row;
    if (Date.now() > end) throw new Error(`instance stayed ${row?.status}, wanted ${wanted}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const risk = () => getInteractionDefinition('risk')!;

describe('GET /api/q (open the questionnaire)', () => {
  it("opens without sign-in, in the client's language, and marks the instance OPENED once", async () => {
    const { participant, adviser, instance, client, config } = await sentInstance('BQ_RISK', 'DE_DE');
    const res = await participant.request('GET', `/api/q?token=${instance.token}`);
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({ status: 'OPENED', locale: 'DE_DE', participantFirstName: 'Jana', accountName: 'Test Advisory', answers: {} });
    // The notice on the first page names how long this link's access log is kept: the operator's setting.
    expect(q.accessLogDays).toBe(21);
    // The page greets as the mails do: with the salutation the adviser chose for the client.
    expect(q.participantSalutation).toBe('NEUTRAL');
    await t.db.update(clients).set({ salutation: 'MS' }).where(eq(clients.token, client.token));
    expect((await participant.request('GET', `/api/q?token=${instance.token}`)).json().participantSalutation).toBe('MS');
    expect(q.interaction.items).toHaveLength(risk().items.length);
    const firstItem = risk().items[0]!;
    expect(q.texts[firstItem.textKey]).toMatch(/[a-zäöüß]/i);
    expect(q.texts[q.interaction.nameKey]).toBeTruthy();
    // Nothing that would steer the answers leaves the server.
    expect(JSON.stringify(q.interaction)).not.toMatch(/"score"|"reverse"|"dimension"/);
    const profile = (await adviser.request('GET', `/api/client/${client.token}/product/${config}/profile`)).json();
    expect(profile.instances[0].status).toBe('OPENED');
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    const openedAt = row!.openedAt;
    await participant.request('GET', `/api/q?token=${instance.token}`);
    const [again] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    expect(again!.openedAt).toEqual(openedAt);
  });

  it("tells the page whether the account shows one question per screen on small screens (on unless turned off)", async () => {
    const { participant, instance } = await sentInstance('BQ_RISK', 'EN_US');
    expect((await participant.request('GET', `/api/q?token=${instance.token}`)).json().oneQuestionPerScreen).toBe(true);
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    await t.db.update(accounts).set({ questionnaireOneQuestionPerScreen: false }).where(eq(accounts.id, row!.accountId));
    expect((await participant.request('GET', `/api/q?token=${instance.token}`)).json().oneQuestionPerScreen).toBe(false);
  });

  it('serves English texts to an English client', async () => {
    const { participant, instance } = await sentInstance('BQ_RISK', 'EN_US');
    const q = (await participant.request('GET', `/api/q?token=${instance.token}`)).json();
    expect(q.locale).toBe('EN_US');
    const de = await sentInstance('BQ_RISK', 'DE_DE');
    const qde = (await de.participant.request('GET', `/api/q?token=${de.instance.token}`)).json();
    expect(q.texts[q.interaction.nameKey]).not.toBe(qde.texts[qde.interaction.nameKey]);
  });

  it('answers 404 for an unknown token, 410 when expired or closed, 400 without a token', async () => {
    const { participant, instance } = await sentInstance();
    expect((await participant.request('GET', '/api/q?token=not-a-real-token')).statusCode).toBe(404);
    expect((await participant.request('GET', '/api/q')).statusCode).toBe(400);
    await t.db.update(interactionInstances).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(interactionInstances.token, instance.token));
    const expired = await participant.request('GET', `/api/q?token=${instance.token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errorKey).toBe('error.interaction.expired');
    await t.db.update(interactionInstances).set({ status: 'CLOSED' }).where(eq(interactionInstances.token, instance.token));
    expect((await participant.request('GET', `/api/q?token=${instance.token}`)).json().errorKey).toBe('error.interaction.closed');
  });
});

describe('PUT /api/q/{token}/answers', () => {
  it('saves answers as they are given, merges, removes with null, and is resumable', async () => {
    const { participant, instance } = await sentInstance();
    const likert = risk().items.find((i) => i.type === 'likert' && i.dimension)!;
    const choice = risk().items.find((i) => i.type === 'choice')!;
    if (choice.type !== 'choice') throw new Error('unreachable');
    let res = await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: { [likert.key]: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OPENED', answered: 1, total: risk().items.length });
    res = await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: { [choice.key]: choice.options[1]!.key } });
    expect(res.json().answers).toEqual({ [likert.key]: 2, [choice.key]: choice.options[1]!.key });
    // A new tab (or a new device) picks up where the participant left off.
    const q = (await new TestClient(t.app, '192.0.2.11').request('GET', `/api/q?token=${instance.token}`)).json();
    expect(q.answers).toEqual({ [likert.key]: 2, [choice.key]: choice.options[1]!.key });
    res = await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: { [likert.key]: null } });
    expect(res.json().answers).toEqual({ [choice.key]: choice.options[1]!.key });
  });

  it('keeps every answer when several pages are saved at the same moment, and opens the instance once', async () => {
    const { participant, instance } = await sentInstance();
    const items = risk().items.filter((i) => i.type === 'likert').slice(0, 8);
    const results = await Promise.all(
      items.map((item) => participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: { [item.key]: 1 } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(items.map(() => 200));
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    expect(row!.answers).toEqual(Object.fromEntries(items.map((i) => [i.key, 1])));
    expect(row!.status).toBe('OPENED');
    expect(row!.definitionVersion).toBe(risk().version);
    const openedAt = row!.openedAt!;
    await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: { [items[0]!.key]: 2 } });
    const [later] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    expect(later!.openedAt).toEqual(openedAt);
    expect(later!.answers[items[0]!.key]).toBe(2);
  });

  it('changes nothing once submitted (409), closed or expired (410), and answers 404 for an unknown token', async () => {
    const { participant, instance } = await sentInstance();
    const likert = risk().items.find((i) => i.type === 'likert')!;
    await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: fullAnswers(risk()) });
    expect((await participant.request('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(200);
    const late = await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: { [likert.key]: 1 } });
    expect([late.statusCode, late.json().errorKey]).toEqual([409, 'error.interaction.already_submitted']);
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    expect(row!.answers).toEqual(fullAnswers(risk()));

    // Each saved once before its state changes: the process keeps what a save needs of an opened instance
    // (save-answers.ts), and the kept entry must not carry a save past the change.
    const expired = await sentInstance();
    const first = { [likert.key]: 2 };
    expect((await expired.participant.request('PUT', `/api/q/${expired.instance.token}/answers`, { answers: first })).statusCode).toBe(200);
    await t.db.update(interactionInstances).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(interactionInstances.token, expired.instance.token));
    const tooLate = await expired.participant.request('PUT', `/api/q/${expired.instance.token}/answers`, { answers: { [likert.key]: 1 } });
    expect([tooLate.statusCode, tooLate.json().errorKey]).toEqual([410, 'error.interaction.expired']);

    const closed = await sentInstance();
    expect((await closed.participant.request('PUT', `/api/q/${closed.instance.token}/answers`, { answers: first })).statusCode).toBe(200);
    await t.db.update(interactionInstances).set({ status: 'CLOSED' }).where(eq(interactionInstances.token, closed.instance.token));
    const onClosed = await closed.participant.request('PUT', `/api/q/${closed.instance.token}/answers`, { answers: { [likert.key]: 1 } });
    expect([onClosed.statusCode, onClosed.json().errorKey]).toEqual([410, 'error.interaction.closed']);
    for (const token of [expired.instance.token, closed.instance.token]) {
      const [unchanged] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, token));
      expect(unchanged!.answers).toEqual(first);
    }
    // A token replaced since (as an erasure replaces them) no longer reaches the instance, kept entry or not.
    const replaced = await sentInstance();
    expect((await replaced.participant.request('PUT', `/api/q/${replaced.instance.token}/answers`, { answers: first })).statusCode).toBe(200);
    const [moved] = await t.db.update(interactionInstances).set({ token: `replaced-${Date.now()}` }).where(eq(interactionInstances.token, replaced.instance.token)).returning();
    const onOld = await replaced.participant.request('PUT', `/api/q/${replaced.instance.token}/answers`, { answers: { [likert.key]: 1 } });
    expect(onOld.statusCode).toBe(404);
    expect(moved && (await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, moved.id)))[0]!.answers).toEqual(first);
    const unknown = await participant.request('PUT', `/api/q/not-a-token-of-anyone/answers`, { answers: { [likert.key]: 1 } });
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    ['a value outside the scale', (d: TInteractionDefinition) => ({ [d.items.find((i) => i.type === 'likert')!.key]: 99 }), 'error.questionnaire.invalid_answer'],
    ['an unknown option', (d: TInteractionDefinition) => ({ [d.items.find((i) => i.type === 'choice')!.key]: 'maybe' }), 'error.questionnaire.invalid_answer'],
    ['an unknown item', () => ({ not_an_item: 3 }), 'error.questionnaire.unknown_item'],
    ['a fractional value', (d: TInteractionDefinition) => ({ [d.items.find((i) => i.type === 'likert')!.key]: 2.5 }), 'error.validation'],
  ])('refuses %s with 400 and saves nothing of the request', async (_label, make, errorKey) => {
    const { participant, instance } = await sentInstance();
    const likert = risk().items.find((i) => i.type === 'likert')!;
    const res = await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: { [likert.key]: 3, ...make(risk()) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe(errorKey);
    const q = (await participant.request('GET', `/api/q?token=${instance.token}`)).json();
    expect(q.answers).toEqual({});
  });
});

describe('POST /api/q/{token}/submit and the calculation', () => {
  it('refuses an incomplete questionnaire with the list of what is missing', async () => {
    const { participant, instance } = await sentInstance();
    await participant.request('GET', `/api/q?token=${instance.token}`);
    const res = await participant.request('POST', `/api/q/${instance.token}/submit`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.questionnaire.incomplete');
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    expect(row!.status).toBe('OPENED');
  });

  it('submits: FILLED, then the job calculates through CALCULATING to RESULTS_AVAILABLE; no changes after', async () => {
    const { participant, instance, adviser, client, config } = await sentInstance();
    await participant.request('GET', `/api/q?token=${instance.token}`);
    await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: fullAnswers(risk()) });
    const res = await participant.request('POST', `/api/q/${instance.token}/submit`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'FILLED', missingRequired: [] });
    expect((await participant.request('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(409);
    const late = await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: { [risk().items[0]!.key]: 1 } });
    expect(late.statusCode).toBe(409);
    expect(late.json().errorKey).toBe('error.interaction.already_submitted');

    await t.startWorker();
    const done = await waitForStatus(instance.token, 'RESULTS_AVAILABLE');
    expect(done.results).toMatchObject({ interactionId: 'risk', definitionVersion: risk().version, normVersion: risk().normVersion });
    expect(done.results!.answersHash).toMatch(/^[0-9a-f]{64}$/);
    const tolerance = done.results!.dimensions.find((d) => d.key === 'tolerance')!;
    expect(tolerance.computable).toBe(true);
    expect(tolerance.answered).toBe(tolerance.itemCount);
    const profile = (await adviser.request('GET', `/api/client/${client.token}/product/${config}/profile`)).json();
    expect(profile.instances[0].status).toBe('RESULTS_AVAILABLE');
  });

  it('runs once in effect: calculating a finished instance again changes nothing', async () => {
    const { participant, instance } = await sentInstance();
    await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: fullAnswers(risk()) });
    await participant.request('POST', `/api/q/${instance.token}/submit`);
    await t.startWorker();
    const first = await waitForStatus(instance.token, 'RESULTS_AVAILABLE');
    await calculateInstance(t.db, first.id);
    const [after] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, first.id));
    expect(after!.results).toEqual(first.results);
  });
});

describe('the invitation token after submitting, and its expiry', () => {
  it('no longer returns the answers once submitted (the questionnaire still opens, as submitted)', async () => {
    const { participant, instance } = await sentInstance();
    await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: fullAnswers(risk()) });
    expect(Object.keys((await participant.request('GET', `/api/q?token=${instance.token}`)).json().answers).length).toBeGreaterThan(0);
    expect((await participant.request('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(200);
    const after = await participant.request('GET', `/api/q?token=${instance.token}`);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 'FILLED', answers: {} });
    expect(after.body).not.toContain(`"${risk().items[0]!.key}":`);
    // Neither can the answers be read back by sending them again.
    const resend = await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: {} });
    expect(resend.statusCode).toBe(409);
    expect(resend.body).not.toContain('answers');
  });

  it('expires after the product configuration\'s invitation validity unless the adviser chooses; then 410', async () => {
    const { adviser, client, config } = await sentInstance();
    await t.db.update(productConfigurations).set({ invitationValidDays: 7 }).where(eq(productConfigurations.id, config));
    expect((await adviser.request('GET', '/api/user')).json().products[0]).toMatchObject({ id: config, invitationValidDays: 7 });
    const created = (await adviser.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config, allowSecondOpen: true })).json();
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, created.token));
    const days = (row!.expiresAt!.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);

    await t.db.update(interactionInstances).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(interactionInstances.id, row!.id));
    const expired = await new TestClient(t.app, '192.0.2.11').request('GET', `/api/q?token=${created.token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errorKey).toBe('error.interaction.expired');
  });
});

describe('durable queue', () => {
  it('keeps a queued calculation across a worker restart and runs it when a worker comes back', async () => {
    const isolated = await createTestApp({ JOB_POLL_SECONDS: '0.5' });
    try {
      const acc = await createAccount(isolated.db, { products: ['BQ_SELECTION'] });
      const { email, password } = await createUser(isolated.db, acc.account.id);
      const adviser = new TestClient(isolated.app);
      await adviser.login(email, password);
      const config = acc.configs[0]!.id;
      const client = (await adviser.request('POST', '/api/u', { firstName: 'Ali', lastName: 'Demir', email: 'ali@example.com', productConfigurationId: config })).json();
      const instance = (await adviser.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config })).json();
      const participant = new TestClient(isolated.app, '192.0.2.20');
      await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: fullAnswers(getInteractionDefinition('selection')!) });
      expect((await participant.request('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(200);

      // No worker has run; the process's queue goes away (as in a crash or deploy) with the job still queued.
      await isolated.queue.stop();
      const [waiting] = await isolated.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
      expect(waiting!.status).toBe('FILLED');

      const restarted = await openJobQueue(isolated.database);
      const worker = await startWorker(isolated.db, isolated.config, isolated.app.log, restarted);
      try {
        const end = Date.now() + 15_000;
        let status = 'FILLED';
        while (status !== 'RESULTS_AVAILABLE' && Date.now() < end) {
          await new Promise((r) => setTimeout(r, 200));
          status = (await isolated.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token)))[0]!.status;
        }
        expect(status).toBe('RESULTS_AVAILABLE');
      } finally {
        await worker.stop();
        await restarted.stop();
      }
    } finally {
      await isolated.close().catch(() => {});
    }
  });
});
