// Sending an interaction, its auto-send switches and deletion, through the HTTP API.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '@bq/domain/product-types';
import { interactionInstances, productConfigurations } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adviserWithClient(products: ProductType[] = ['BQ_RISK', 'BQ_ADVISORY_WEALTH'], permissions?: { realm: string; entity: string; action: string }[]) {
  const acc = await createAccount(t.db, { products });
  const { email, password } = await createUser(t.db, acc.account.id, { permissions });
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = (type: ProductType) => acc.configs.find((c) => c.productType === type)!.id;
  const client = (await http.request('POST', '/api/u', { firstName: 'Jonas', lastName: 'Kraus', email: `j${Math.random()}@example.com`, productConfigurationId: config(products[0]!) })).json();
  return { http, config, client, account: acc.account };
}

describe('POST /api/instance (send an interaction)', () => {
  it("creates a NEW, LOCKED instance of the product's interaction that expires after the chosen days", async () => {
    const { http, config, client } = await adviserWithClient();
    const res = await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_RISK'), expiresInDays: 10 });
    expect(res.statusCode).toBe(201);
    const instance = res.json();
    expect(instance).toMatchObject({ status: 'NEW', lockStatus: 'LOCKED', interactionId: 'risk', clientToken: client.token, autoReminder: true, autoSendReport: false, openedAt: null });
    expect(instance.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const days = (new Date(instance.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThanOrEqual(10);
    const profile = (await http.request('GET', `/api/client/${client.token}/product/${config('BQ_RISK')}/profile`)).json();
    expect(profile.instances.map((i: { token: string }) => i.token)).toEqual([instance.token]);
  });

  it('marks instances of a TRIAL plan as TRIAL (no credit needed later)', async () => {
    const { http, config, client, account } = await adviserWithClient(['BQ_ADVISORY_WEALTH']);
    await t.db.update(productConfigurations).set({ planType: 'TRIAL' }).where(eq(productConfigurations.accountId, account.id));
    const res = await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_ADVISORY_WEALTH') });
    expect(res.json()).toMatchObject({ lockStatus: 'TRIAL', interactionId: 'advisory-wealth' });
  });

  it('starts instances LOCKED once the trial has ended (a credit opens them)', async () => {
    const { http, config, client, account } = await adviserWithClient(['BQ_ADVISORY_WEALTH']);
    const configs = eq(productConfigurations.accountId, account.id);
    await t.db.update(productConfigurations).set({ planType: 'TRIAL', trialEndsAt: new Date(Date.now() + 60_000) }).where(configs);
    // The second is sent on purpose while the first is open (docs/decisions/0084).
    const send = () => http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_ADVISORY_WEALTH'), allowSecondOpen: true });
    expect((await send()).json().lockStatus).toBe('TRIAL');
    await t.db.update(productConfigurations).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(configs);
    expect((await send()).json().lockStatus).toBe('LOCKED');
  });

  it('refuses an inactive client (409), a client not in the product (404) and bad input (400)', async () => {
    const { http, config, client } = await adviserWithClient();
    expect((await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_ADVISORY_WEALTH') })).statusCode).toBe(404);
    for (const bad of [{ expiresInDays: 0 }, { expiresInDays: 366 }, { expiresInDays: 2.5 }, { autoReminder: 'yes' }, { clientToken: '' }]) {
      const res = await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_RISK'), ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    await http.request('POST', `/api/admin/bq_user/${client.token}/deactivate`, { productType: 'BQ_RISK' });
    const inactive = await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_RISK') });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().errorKey).toBe('error.client.inactive');
  });

  it("needs INTERACTION_INSTANCE/CREATE in the product's realm", async () => {
    const { http, config, client } = await adviserWithClient(['BQ_RISK'], [
      { realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' },
      { realm: 'BQ_RISK', entity: 'INTERACTION_INSTANCE', action: 'READ' },
    ]);
    const res = await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_RISK') });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/instance/{token}/invite', () => {
  it("gives the personal link and a mailto with subject and body in the client's language, CRLF line breaks", async () => {
    const acc = await createAccount(t.db, { name: 'Kanzlei Weiß', products: ['BQ_RISK'] });
    const { email, password } = await createUser(t.db, acc.account.id, { firstName: 'Maria', lastName: 'Berger' });
    const http = new TestClient(t.app);
    await http.login(email, password);
    const config = acc.configs[0]!.id;
    const client = (await http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email: 'juergen@example.com', locale: 'DE_DE', productConfigurationId: config })).json();
    const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config, expiresInDays: 14 })).json();
    const res = await http.request('GET', `/api/instance/${instance.token}/invite`);
    expect(res.statusCode).toBe(200);
    const invite = res.json();
    expect(invite.inviteUrl).toBe(`${t.config.publicUrl}/q/${instance.token}`);
    expect(invite.email.to).toBe('juergen@example.com');
    expect(invite.email.subject).toContain('Kanzlei Weiß');
    expect(invite.email.body).toMatch(/^Guten Tag Jürgen Groß,/);
    expect(invite.email.body).toContain('Maria Berger von Kanzlei Weiß');
    expect(invite.email.body).toContain(invite.inviteUrl);
    expect(invite.email.body).toMatch(/gültig bis \d{2}\.\d{2}\.\d{4}/);
    expect(invite.email.body).not.toContain('{{');
    expect(invite.mailtoUrl.startsWith('mailto:juergen%40example.com?subject=')).toBe(true);
    const body = new URL(invite.mailtoUrl).searchParams.get('body')!;
    expect(body).toContain('\r\n');
    expect(body.replace(/\r\n/g, '\n')).toBe(invite.email.body);
  });

  it("answers 404 for another account's instance", async () => {
    const { http, config, client } = await adviserWithClient();
    const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_RISK') })).json();
    const other = await adviserWithClient();
    expect((await other.http.request('GET', `/api/instance/${instance.token}/invite`)).statusCode).toBe(404);
  });
});

describe('auto sends and deletion', () => {
  async function withInstance() {
    const ctx = await adviserWithClient();
    const instance = (await ctx.http.request('POST', '/api/instance', { clientToken: ctx.client.token, productConfigurationId: ctx.config('BQ_RISK') })).json();
    return { ...ctx, instance };
  }

  it('switches auto reminder and auto report on and off', async () => {
    const { http, instance } = await withInstance();
    let res = await http.request('PATCH', `/api/instance/${instance.token}/auto_sends`, { autoSendReport: true, autoReminder: false });
    expect(res.json()).toMatchObject({ autoSendReport: true, autoReminder: false });
    res = await http.request('PATCH', `/api/instance/${instance.token}/auto_sends`, { autoReminder: true });
    expect(res.json()).toMatchObject({ autoSendReport: true, autoReminder: true });
    expect((await http.request('GET', `/api/instance/${instance.token}`)).json()).toMatchObject({ autoSendReport: true, autoReminder: true });
    expect((await http.request('PATCH', `/api/instance/${instance.token}/auto_sends`, {})).statusCode).toBe(400);
    expect((await http.request('PATCH', `/api/instance/${instance.token}/auto_sends`, { autoReminder: 'off' })).statusCode).toBe(400);
  });

  it('deletes an instance; a second delete and a foreign account answer 404', async () => {
    const { http, instance } = await withInstance();
    const other = await adviserWithClient();
    expect((await other.http.request('DELETE', `/api/interaction/instance/${instance.token}`)).statusCode).toBe(404);
    expect((await other.http.request('PATCH', `/api/instance/${instance.token}/auto_sends`, { autoReminder: false })).statusCode).toBe(404);
    expect((await other.http.request('GET', `/api/instance/${instance.token}`)).statusCode).toBe(404);
    expect((await http.request('DELETE', `/api/interaction/instance/${instance.token}`)).statusCode).toBe(204);
    expect((await http.request('DELETE', `/api/interaction/instance/${instance.token}`)).statusCode).toBe(404);
  });

  it('refuses to delete while the result is being calculated (409)', async () => {
    const { http, instance } = await withInstance();
    await t.db.update(interactionInstances).set({ status: 'CALCULATING' }).where(eq(interactionInstances.token, instance.token));
    const res = await http.request('DELETE', `/api/interaction/instance/${instance.token}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorKey).toBe('error.interaction.in_progress');
  });
});

describe('what the account can send', () => {
  it('lists only the interactions of products the user may use (GET /api/interactions)', async () => {
    const { http } = await adviserWithClient(['BQ_RISK', 'BQ_SELECTION'], [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }]);
    const list = (await http.request('GET', '/api/interactions')).json();
    expect(list.map((i: { interactionId: string }) => i.interactionId)).toEqual(['risk']);
    expect(list[0]).toMatchObject({ productType: 'BQ_RISK', version: 2 }); // the newest version, the one a new instance gets
    expect(list[0].itemCount).toBeGreaterThan(10);
  });

  it("previews a questionnaire with its dimensions in the adviser's language (GET /api/qi)", async () => {
    const { http } = await adviserWithClient(['BQ_RISK', 'BQ_SELECTION'], [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }]);
    await http.request('POST', '/api/admin/user/settings', { locale: 'DE_DE' });
    const res = await http.request('GET', '/api/qi?interactionId=risk');
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.dimensions.map((d: { key: string }) => d.key)).toEqual(expect.arrayContaining(['tolerance', 'capacity', 'knowledge']));
    expect(preview.texts[preview.dimensions[0].nameKey]).toBeTruthy();
    expect(JSON.stringify(preview.interaction)).not.toMatch(/"score"|"reverse"/);
    expect((await http.request('GET', '/api/qi?interactionId=selection')).statusCode).toBe(404);
    expect((await http.request('GET', '/api/qi?interactionId=nope')).statusCode).toBe(404);
    expect((await http.request('GET', '/api/qi')).statusCode).toBe(400);
  });

  it('enforces and reports the BQ_INTERACTION_COUNT limit of a product', async () => {
    const { http, config, client, account } = await adviserWithClient(['BQ_RISK']);
    await t.db.update(productConfigurations).set({ maxInstances: 1 }).where(eq(productConfigurations.accountId, account.id));
    const me = (await http.request('GET', '/api/user')).json();
    const limitUrl = `/api/admin/user/${me.id}/resource_limit/BQ_INTERACTION_COUNT/risk/available`;
    expect((await http.request('GET', limitUrl)).json()).toEqual({ limit: 1, used: 0, available: true });
    expect((await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_RISK') })).statusCode).toBe(201);
    const second = await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_RISK') });
    expect(second.statusCode).toBe(403);
    expect(second.json().errorKey).toBe('error.interaction.limit_reached');
    expect((await http.request('GET', limitUrl)).json()).toEqual({ limit: 1, used: 1, available: false });
    expect((await http.request('GET', `/api/admin/user/${me.id}/resource_limit/BQ_INTERACTION_COUNT/selection/available`)).statusCode).toBe(404);
  });

  it('lists the instances of one interaction with their clients, for this account only (GET /api/instances)', async () => {
    const { http, config, client } = await adviserWithClient(['BQ_RISK']);
    const sent = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config('BQ_RISK') })).json();
    const list = (await http.request('GET', '/api/instances?interactionId=risk')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ token: sent.token, clientFirstName: 'Jonas', clientLastName: 'Kraus', status: 'NEW' });
    const other = await adviserWithClient(['BQ_RISK']);
    expect((await other.http.request('GET', '/api/instances?interactionId=risk')).json()).toEqual([]);
  });
});
