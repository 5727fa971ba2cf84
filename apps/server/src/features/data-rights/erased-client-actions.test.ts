// After erasure (docs/decisions/0043, 0077) the pseudonym is no client any more: activating it, sending it a
// questionnaire or a report, or adding it to a comparison is refused with 409 error.data_rights.already_erased, on PGlite and
// PostgreSQL, so a stale page or a script gets a stable answer instead of a second life for the pseudonym.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { answerCalculateUnlock } from '../../test/finished-result';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an erased client', () => {
  it('cannot be activated, sent a questionnaire or its report, or compared (409 error.data_rights.already_erased)', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 10 });
    const { email, password } = await createUser(t.db, acc.account.id);
    const http = new TestClient(t.app);
    await http.login(email, password);
    const configId = acc.configs.find((c) => c.productType === 'BQ_RISK')!.id;
    const suffix = Math.random().toString(36).slice(2, 8);
    const client = (await http.request('POST', '/api/u', { firstName: 'Erna', lastName: `Loesch${suffix}`, email: `erna.${suffix}@example.com`, locale: 'DE_DE', productConfigurationId: configId })).json();
    const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
    await answerCalculateUnlock(t, http, instance.token, 'BQ_RISK', 3);
    // Before erasure the finished result may join a comparison.
    expect((await http.request('GET', `/api/comparison/client/${client.token}?productType=BQ_RISK`)).statusCode).toBe(200);

    const preview = (await http.request('GET', `/api/client/${client.token}/erasure`)).json();
    expect((await http.request('POST', `/api/client/${client.token}/erase`, { securityCode: preview.securityCode })).statusCode).toBe(200);

    const activate = await http.request('POST', `/api/admin/bq_user/${client.token}/activate`, { productType: 'BQ_RISK' });
    expect(activate.statusCode).toBe(409);
    expect(activate.json().errorKey).toBe('error.data_rights.already_erased');
    const send = await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId });
    expect(send.statusCode).toBe(409);
    expect(send.json().errorKey).toBe('error.data_rights.already_erased');
    const candidate = await http.request('GET', `/api/comparison/client/${client.token}?productType=BQ_RISK`);
    expect(candidate.statusCode).toBe(409);
    expect(candidate.json().errorKey).toBe('error.data_rights.already_erased');
    // The kept result has a new token (decision 0043), found on the profile; mailing its report would go to no one.
    const profile = await http.request('GET', `/api/client/${client.token}/product/${configId}/profile`);
    expect(profile.statusCode).toBe(200);
    const kept = profile.json().instances[0].token as string;
    // The kept result stays readable, and says it belongs to an erased client (the web then offers no mail).
    const dashboard = await http.request('GET', `/api/dashboard/${kept}`);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().client.erasedAt).toEqual(expect.any(String));
    const mail = await http.request('POST', `/api/instance/${kept}/report/email`, {});
    expect(mail.statusCode).toBe(409);
    expect(mail.json().errorKey).toBe('error.data_rights.already_erased');
    const autoReport = await http.request('PATCH', `/api/instance/${kept}/auto_sends`, { autoSendReport: true });
    expect(autoReport.statusCode).toBe(409);
    expect(autoReport.json().errorKey).toBe('error.data_rights.already_erased');
  });
});
