// Sending a questionnaire to many clients: the job's API (start, progress, stop), what a chunk writes, and a job
// that dies midway and runs again. The job is driven here by calling it directly, as the worker would.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkSends, clientProducts, clients, interactionInstances, mailOutbox, productConfigurations } from '../../db/schema';
import { QUEUES } from '../../jobs/queue';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { adviserWithClients } from './bulk-fixtures';
import { createDeliveryRenderer } from './render-at-delivery';
import { runBulkSend } from './run-bulk-send';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = (id: string, options: Parameters<typeof runBulkSend>[3] = {}) => runBulkSend(t.db, t.config, id, { chunkSize: 7, ...options });

async function instancesOf(tokens: string[]) {
  return t.db
    .select({ id: interactionInstances.id, token: clients.token, invitedAt: interactionInstances.invitedAt, autoReminder: interactionInstances.autoReminder, autoSendReport: interactionInstances.autoSendReport, expiresAt: interactionInstances.expiresAt })
    .from(interactionInstances)
    .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
    .where(inArray(clients.token, tokens));
}

async function mailsOf(instanceIds: string[]) {
  return t.db.select().from(mailOutbox).where(inArray(mailOutbox.instanceId, instanceIds));
}

describe('POST /api/instance/bulk', () => {
  it('by tokens: one questionnaire and one invitation mail per client, with the options of a single send, and a job id at once', async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 20);
    const res = await http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, clientTokens: tokens, expiresInDays: 10, autoReminder: false, autoSendReport: true, sendInvitationEmail: true });
    expect(res.statusCode).toBe(202);
    const started = res.json();
    expect(started).toMatchObject({ status: 'RUNNING', total: 20, created: 0, mailed: 0, failed: 0, finished: false });
    // The job is queued in the same transaction.
    const jobs = (await t.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.bulkSend} and data->>'bulkSendId' = ${started.id}`)) as unknown as { rows: { n: number }[] };
    expect(Number(jobs.rows[0]!.n)).toBe(1);

    await run(started.id);
    const progress = (await http.request('GET', `/api/instance/bulk/${started.id}`)).json();
    expect(progress).toMatchObject({ status: 'DONE', total: 20, created: 20, mailed: 20, failed: 0, failures: [], finished: true });
    expect(progress.finishedAt).not.toBeNull();

    const made = await instancesOf(tokens);
    expect(made).toHaveLength(20);
    expect(new Set(made.map((i) => i.token)).size).toBe(20);
    for (const i of made) {
      expect(i).toMatchObject({ autoReminder: false, autoSendReport: true });
      expect(i.invitedAt).not.toBeNull();
      const days = (i.expiresAt!.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(9.9);
      expect(days).toBeLessThanOrEqual(10);
    }
    const mails = await mailsOf(made.map((i) => i.id));
    expect(mails).toHaveLength(20);
    expect(new Set(mails.map((m) => m.instanceId)).size).toBe(20);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ kind: 'INVITATION', status: 'PENDING' });
    // Written as values, rendered when sent (docs/decisions/0057 addendum; render-at-delivery.test.ts).
    expect(mail.textBody).toBe('');
    expect(mail.renderValues).toMatchObject({ template: 'invite', firstName: expect.stringMatching(/^Anna/) });
    const [rendered] = await createDeliveryRenderer(t.db, t.config)([mail]);
    if (!rendered?.ok) throw new Error('the invitation did not render');
    expect(rendered.mail.textBody).toContain(`/q/${mail.renderValues!.instanceToken}`);
    expect(rendered.mail.textBody).not.toContain('{{');
    // No delivery job per mail: they wait, due now, for the worker's outbox dispatcher (docs/decisions/0057).
    const mailJobs = (await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.mailDeliver} and data->>'mailId' in (${sql.join(mails.map((m) => sql`${m.id}`), sql`, `)})`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(mailJobs.rows[0]!.n)).toBe(0);
    for (const m of mails) expect(m.dispatchAfter!.getTime()).toBeLessThanOrEqual(Date.now());

    // The same invitation text as a single send's prepared mail.
    const invite = (await http.request('GET', `/api/instance/${(await t.db.select({ token: interactionInstances.token }).from(interactionInstances).where(eq(interactionInstances.id, mail.instanceId!)))[0]!.token}/invite`)).json();
    expect(rendered.mail.subject).toBe(invite.email.subject);
    expect(rendered.mail.textBody.startsWith(invite.email.body)).toBe(true);
  });

  it("by the client list's filter: everyone matching, nobody else; without e-mail no mails", async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 12);
    const res = await http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, filter: { group: 'ESTABLISHED' } });
    expect(res.statusCode).toBe(202);
    expect(res.json().total).toBe(6);
    await run(res.json().id);
    const made = await instancesOf(tokens);
    expect(made).toHaveLength(6);
    const established = await t.db.select({ token: clients.token }).from(clients).where(and(inArray(clients.token, tokens), eq(clients.clientGroup, 'ESTABLISHED')));
    expect(made.map((m) => m.token).sort()).toEqual(established.map((c) => c.token).sort());
    expect(await mailsOf(made.map((m) => m.id))).toHaveLength(0);
    const progress = (await http.request('GET', `/api/instance/bulk/${res.json().id}`)).json();
    expect(progress).toMatchObject({ status: 'DONE', created: 6, mailed: 0 });

    // A search filter finds by name.
    const searched = await http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, filter: { q: 'anna1', status: 'ALL' } });
    // Anna1, Anna10, Anna11.
    expect(searched.json().total).toBe(3);
  });

  it('reports per client what a single send would refuse: inactive, interaction limit, an open questionnaire, unknown tokens', async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 10);
    const other = await adviserWithClients(t, 2);
    // Client 0 already has an open questionnaire of this product; client 1 is inactive.
    const single = await http.request('POST', '/api/instance', { clientToken: tokens[0], productConfigurationId: configId });
    expect(single.statusCode).toBe(201);
    const [inactive] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.token, tokens[1]!));
    await t.db.update(clientProducts).set({ active: false }).where(eq(clientProducts.clientId, inactive!.id));
    // Room for 5 more questionnaires (1 used).
    await t.db.update(productConfigurations).set({ maxInstances: 6 }).where(eq(productConfigurations.id, configId));

    const res = await http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, clientTokens: [...tokens, ...other.tokens, 'no-such-token'], sendInvitationEmail: true });
    expect(res.json().total).toBe(13);
    await run(res.json().id);
    const progress = (await http.request('GET', `/api/instance/bulk/${res.json().id}`)).json();
    expect(progress).toMatchObject({ status: 'DONE', total: 13, created: 5, mailed: 5, failed: 8 });
    const reasons = Object.fromEntries(progress.failures.map((f: { clientToken: string; errorKey: string }) => [f.clientToken, f.errorKey]));
    expect(reasons[tokens[0]!]).toBe('error.bulk_send.already_open');
    expect(reasons[tokens[1]!]).toBe('error.client.inactive');
    expect(reasons['no-such-token']).toBe('error.not_found');
    expect(reasons[other.tokens[0]!]).toBe('error.not_found');
    expect(Object.values(reasons).filter((r) => r === 'error.interaction.limit_reached')).toHaveLength(3);
    // The other account's clients were never touched.
    expect(await instancesOf(other.tokens)).toHaveLength(0);
    expect((await instancesOf(tokens)).length).toBe(6);
  });

  it('takes a start once per Idempotency-Key: a retry answers the send it started and invites nobody twice (issue 36 point 14)', async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 5);
    const body = { productConfigurationId: configId, clientTokens: tokens, sendInvitationEmail: true };
    const key = { 'idempotency-key': `retry-${Date.now()}` };
    const first = await http.request('POST', '/api/instance/bulk', body, key);
    expect(first.statusCode).toBe(202);
    // The answer was lost; the client sends the same start again, also after the job ran.
    const again = await http.request('POST', '/api/instance/bulk', body, key);
    expect([again.statusCode, again.json().id]).toEqual([202, first.json().id]);
    await run(first.json().id);
    const late = await http.request('POST', '/api/instance/bulk', body, key);
    expect(late.json()).toMatchObject({ id: first.json().id, status: 'DONE', created: 5 });
    expect(await t.db.select().from(bulkSends).where(eq(bulkSends.idempotencyKey, key['idempotency-key']))).toHaveLength(1);
    expect(await instancesOf(tokens)).toHaveLength(5);

    // The same key from a colleague is another send's key: refused. A key that is no plain key is bad input; no key
    // starts a new send.
    const [{ accountId } = { accountId: '' }] = await t.db.select({ accountId: bulkSends.accountId }).from(bulkSends).where(eq(bulkSends.id, first.json().id));
    const colleague = await createUser(t.db, accountId);
    const colleagueHttp = new TestClient(t.app);
    expect((await colleagueHttp.login(colleague.email, colleague.password)).statusCode).toBe(200);
    const reused = await colleagueHttp.request('POST', '/api/instance/bulk', body, key);
    expect([reused.statusCode, reused.json().errorKey]).toEqual([422, 'error.bulk_send.idempotency_key_reused']);
    const bad = await http.request('POST', '/api/instance/bulk', body, { 'idempotency-key': 'no spaces allowed' });
    expect([bad.statusCode, bad.json().errorKey]).toEqual([400, 'error.validation']);
    const fresh = await http.request('POST', '/api/instance/bulk', body);
    expect(fresh.json().id).not.toBe(first.json().id);
  });

  it('refuses bad input with 400 and an errorKey, and another account or a missing right', async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 2);
    for (const bad of [
      {},
      { clientTokens: tokens },
      { productConfigurationId: configId },
      { productConfigurationId: configId, clientTokens: tokens, filter: {} },
      { productConfigurationId: configId, clientTokens: [] },
      { productConfigurationId: configId, clientTokens: tokens, expiresInDays: 0 },
      { productConfigurationId: configId, filter: { group: 'NOBODY' } },
      { productConfigurationId: 'not-a-uuid', clientTokens: tokens },
    ]) {
      const res = await http.request('POST', '/api/instance/bulk', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
    }
    expect((await http.request('GET', '/api/instance/bulk/not-a-uuid')).json().errorKey).toBe('error.validation');

    const other = await adviserWithClients(t, 1);
    // Another account's product configuration and another account's send behave as missing ones.
    expect((await other.http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, clientTokens: tokens })).statusCode).toBe(404);
    const mine = (await http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, clientTokens: tokens })).json();
    expect((await other.http.request('GET', `/api/instance/bulk/${mine.id}`)).statusCode).toBe(404);
    expect((await other.http.request('POST', `/api/instance/bulk/${mine.id}/stop`)).statusCode).toBe(404);

    const reader = await adviserWithClients(t, 1, {
      permissions: [
        { realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' },
        { realm: 'BQ_RISK', entity: 'INTERACTION_INSTANCE', action: 'READ' },
      ],
    });
    const refused = await reader.http.request('POST', '/api/instance/bulk', { productConfigurationId: reader.configId, clientTokens: reader.tokens });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKey).toBe('error.auth.forbidden');
    expect(await instancesOf(reader.tokens)).toHaveLength(0);
    expect((await new TestClient(t.app).request('POST', '/api/instance/bulk', { productConfigurationId: configId, clientTokens: tokens })).statusCode).toBe(401);
  });

  it('stops between chunks: the job ends STOPPED with fewer created, and a later stop changes nothing', async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 30);
    const started = (await http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, clientTokens: tokens, sendInvitationEmail: true })).json();
    await run(started.id, {
      afterChunk: async (index) => {
        if (index === 1) expect((await http.request('POST', `/api/instance/bulk/${started.id}/stop`)).json().status).toBe('STOPPING');
      },
    });
    const progress = (await http.request('GET', `/api/instance/bulk/${started.id}`)).json();
    expect(progress).toMatchObject({ status: 'STOPPED', total: 30, created: 14, mailed: 14, finished: true });
    expect(await instancesOf(tokens)).toHaveLength(14);
    expect((await http.request('POST', `/api/instance/bulk/${started.id}/stop`)).json().status).toBe('STOPPED');
    // A job that runs again after the stop does nothing more.
    await run(started.id);
    expect(await instancesOf(tokens)).toHaveLength(14);
  });

  it('a worker that dies midway: run again, it goes on from its last chunk and makes no doubles', async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 25);
    const started = (await http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, clientTokens: tokens, sendInvitationEmail: true })).json();
    await expect(
      run(started.id, {
        afterChunk: (index) => {
          if (index === 1) throw new Error('worker died');
        },
      }),
    ).rejects.toThrow('worker died');
    const midway = (await http.request('GET', `/api/instance/bulk/${started.id}`)).json();
    expect(midway).toMatchObject({ status: 'RUNNING', created: 14, mailed: 14 });
    await run(started.id);
    const progress = (await http.request('GET', `/api/instance/bulk/${started.id}`)).json();
    expect(progress).toMatchObject({ status: 'DONE', created: 25, mailed: 25, failed: 0 });
    const made = await instancesOf(tokens);
    expect(made).toHaveLength(25);
    expect(new Set(made.map((m) => m.token)).size).toBe(25);
    expect(await mailsOf(made.map((m) => m.id))).toHaveLength(25);
  });

  it('records the send in the audit trail with its count and filter, never a name', async () => {
    const { http, configId, accountId } = await adviserWithClients(t, 3);
    const res = await http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, filter: { q: 'Kraus', group: 'PROSPECT' } });
    expect(res.statusCode).toBe(202);
    const rows = (await t.db.execute(sql`select action, details from audit_events where account_id = ${accountId} and action = 'interaction.bulk_send'`)) as unknown as {
      rows: { action: string; details: Record<string, unknown> }[];
    };
    expect(rows.rows).toHaveLength(1);
    const details = rows.rows[0]!.details;
    expect(details).toMatchObject({ filter: { group: 'PROSPECT', search: true }, total: 2, bulkSendId: res.json().id });
    expect(JSON.stringify(details)).not.toContain('Kraus');
    const [row] = await t.db.select().from(bulkSends).where(eq(bulkSends.id, res.json().id));
    expect(row!.total).toBe(2);
  });

  it('is described in the OpenAPI document: request, answer and error keys', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const start = doc.paths['/api/instance/bulk'].post;
    expect(start.operationId).toBe('startBulkSend');
    expect(JSON.stringify(start.requestBody)).toContain('BulkSendRequest');
    expect(Object.keys(doc.components.schemas.BulkSendRequest.properties)).toEqual(expect.arrayContaining(['clientTokens', 'filter', 'expiresInDays', 'sendInvitationEmail']));
    expect(JSON.stringify(start.responses['202'])).toContain('BulkSendProgress');
    expect(Object.keys(doc.components.schemas.BulkSendProgress.properties)).toEqual(expect.arrayContaining(['total', 'created', 'mailed', 'failed', 'failures', 'status']));
    expect(JSON.stringify(start.responses['400'])).toContain('error.validation');
    expect(JSON.stringify(start.responses['403'])).toContain('error.auth.forbidden');
    expect(doc.paths['/api/instance/bulk/{id}'].get.operationId).toBe('getBulkSend');
    expect(JSON.stringify(doc.paths['/api/instance/bulk/{id}'].get.responses['404'])).toContain('error.not_found');
    expect(doc.paths['/api/instance/bulk/{id}/stop'].post.operationId).toBe('stopBulkSend');
  });
});
