// Anonymisation through the HTTP API: the switch and k in the user settings, the allow-list calls, and how the
// client list shows names, numbers and stars (docs/decisions/0021). Foreign ids behave as missing ones.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientNumbers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addClient, colleague, signedInAccount } from '../bi/bi-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RISK_READER = [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' } as const];

async function enable(http: Awaited<ReturnType<typeof signedInAccount>>['http'], body: Record<string, unknown> = { anonymizationAllowListEnabled: true }) {
  const res = await http.request('POST', '/api/admin/user/settings', body);
  expect(res.statusCode).toBe(200);
}

describe('anonymisation settings (POST /api/admin/user/settings, GET /api/user)', () => {
  it('starts off with an empty list and k 5, and an admin switches it on and raises k', async () => {
    const { http } = await signedInAccount(t);
    expect((await http.request('GET', '/api/user')).json()).toMatchObject({ anonymizationAllowListEnabled: false, anonymizationAllowList: [], anonymityK: 5 });
    await enable(http, { anonymizationAllowListEnabled: true, anonymityK: 7 });
    expect((await http.request('GET', '/api/user')).json()).toMatchObject({ anonymizationAllowListEnabled: true, anonymityK: 7 });
    await enable(http, { anonymizationAllowListEnabled: false });
    expect((await http.request('GET', '/api/user')).json()).toMatchObject({ anonymizationAllowListEnabled: false, anonymityK: 7 });
  });

  it.each([
    ['k below the floor of 3', { anonymityK: 2 }],
    ['k not a whole number', { anonymityK: 4.5 }],
    ['the switch not a boolean', { anonymizationAllowListEnabled: 'yes' }],
    ['an empty body', {}],
  ])('refuses %s with 400 error.validation', async (_label, body) => {
    const { http } = await signedInAccount(t);
    const res = await http.request('POST', '/api/admin/user/settings', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
    expect((await http.request('GET', '/api/user')).json().anonymityK).toBe(5);
  });

  it('refuses the switch and k without ANONYMIZATION_ALLOW_LIST in BQ_ADMIN (403), and changes nothing', async () => {
    const { http, account } = await signedInAccount(t);
    const adviser = await colleague(t, account.id, RISK_READER);
    const res = await adviser.request('POST', '/api/admin/user/settings', { anonymizationAllowListEnabled: true, locale: 'DE_DE' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.auth.forbidden');
    expect((await adviser.request('GET', '/api/user')).json()).toMatchObject({ anonymizationAllowListEnabled: false, locale: 'EN_US' });
    // The language alone stays open to everyone.
    expect((await adviser.request('POST', '/api/admin/user/settings', { locale: 'DE_DE' })).statusCode).toBe(200);
    expect((await http.request('GET', '/api/user')).json().anonymityK).toBe(5);
  });
});

describe('POST /api/productconfig/{id}/user/anonymization_allow_list and DELETE .../anonymization_initiator/participant/{token}', () => {
  it('adds a client once, lists it on the user, and removes it', async () => {
    const { http, account, config } = await signedInAccount(t);
    const lena = await addClient(t, account.id, config(), { firstName: 'Lena', lastName: 'Becker' });
    const url = `/api/productconfig/${config()}/user/anonymization_allow_list`;
    const added = await http.request('POST', url, { userToken: lena.token });
    expect(added.statusCode).toBe(200);
    expect(added.json().anonymizationAllowList).toEqual([
      { bqUserToken: lena.token, productConfigurationId: config(), firstName: 'Lena', lastName: 'Becker', email: lena.email },
    ]);
    expect((await http.request('POST', url, { userToken: lena.token })).json().anonymizationAllowList).toHaveLength(1);
    expect((await http.request('GET', '/api/user')).json().anonymizationAllowList.map((e: { bqUserToken: string }) => e.bqUserToken)).toEqual([lena.token]);
    const removed = await http.request('DELETE', `/api/productconfig/${config()}/anonymization_initiator/participant/${lena.token}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().anonymizationAllowList).toEqual([]);
    // Removing again: nothing on the list by that token.
    expect((await http.request('DELETE', `/api/productconfig/${config()}/anonymization_initiator/participant/${lena.token}`)).statusCode).toBe(404);
  });

  it.each([
    ['no userToken', { id: 'ok', body: {} }],
    ['an empty userToken', { id: 'ok', body: { userToken: '  ' } }],
    ['a configuration id that is no uuid', { id: 'not-a-uuid', body: { userToken: 'x' } }],
  ])('refuses %s with 400 error.validation', async (_label, { id, body }) => {
    const { http, config } = await signedInAccount(t);
    const res = await http.request('POST', `/api/productconfig/${id === 'ok' ? config() : id}/user/anonymization_allow_list`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
  });

  it("treats another account's configuration or client exactly like a missing one (404)", async () => {
    const mine = await signedInAccount(t);
    const theirs = await signedInAccount(t);
    const foreign = await addClient(t, theirs.account.id, theirs.config(), { firstName: 'Omar', lastName: 'Said' });
    const own = await addClient(t, mine.account.id, mine.config(), { firstName: 'Ida', lastName: 'Roth' });
    const cases = [
      mine.http.request('POST', `/api/productconfig/${theirs.config()}/user/anonymization_allow_list`, { userToken: own.token }),
      mine.http.request('POST', `/api/productconfig/${mine.config()}/user/anonymization_allow_list`, { userToken: foreign.token }),
      mine.http.request('POST', `/api/productconfig/${mine.config()}/user/anonymization_allow_list`, { userToken: 'no-such-client' }),
      mine.http.request('DELETE', `/api/productconfig/${theirs.config()}/anonymization_initiator/participant/${foreign.token}`),
      mine.http.request('DELETE', `/api/productconfig/${mine.config()}/anonymization_initiator/participant/${foreign.token}`),
      mine.http.request('GET', `/api/productconfig/${theirs.config()}/anonymization_allow_list/candidates?q=Omar`),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().errorKey).toBe('error.not_found');
    }
  });

  it('refuses a user without ANONYMIZATION_ALLOW_LIST in the product realm (403)', async () => {
    const { account, config } = await signedInAccount(t);
    const lena = await addClient(t, account.id, config(), { firstName: 'Lena', lastName: 'Becker' });
    const adviser = await colleague(t, account.id, RISK_READER);
    for (const res of [
      await adviser.request('POST', `/api/productconfig/${config()}/user/anonymization_allow_list`, { userToken: lena.token }),
      await adviser.request('DELETE', `/api/productconfig/${config()}/anonymization_initiator/participant/${lena.token}`),
      await adviser.request('GET', `/api/productconfig/${config()}/anonymization_allow_list/candidates?q=Lena`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errorKey).toBe('error.auth.forbidden');
    }
  });

  it('finds candidates by their real names for the admin, marked when already on the list', async () => {
    const { http, account, config } = await signedInAccount(t);
    const lena = await addClient(t, account.id, config(), { firstName: 'Lena', lastName: 'Becker' });
    await addClient(t, account.id, config(), { firstName: 'Lukas', lastName: 'Becker' });
    await http.request('POST', `/api/productconfig/${config()}/user/anonymization_allow_list`, { userToken: lena.token });
    await enable(http);
    const res = await http.request('GET', `/api/productconfig/${config()}/anonymization_allow_list/candidates?q=becker`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((c: { firstName: string; onList: boolean }) => [c.firstName, c.onList])).toEqual([
      ['Lena', true],
      ['Lukas', false],
    ]);
  });
});

describe('names in the client list (GET /api/participants)', () => {
  it('shows every name while the list is off; with it on: listed by name, participants as user text plus number, others as stars', async () => {
    const { http, account, config } = await signedInAccount(t);
    const listed = await addClient(t, account.id, config(), { firstName: 'Lena', lastName: 'Becker', result: { stanines: { tolerance: 5 } } });
    const participant = await addClient(t, account.id, config(), { firstName: 'Lukas', lastName: 'Weber', result: { stanines: { tolerance: 8 } } });
    const contact = await addClient(t, account.id, config(), { firstName: 'Mia', lastName: 'Roth', status: 'OPENED' });
    const list = async (q = '') => (await http.request('GET', `/api/participants?productConfigurationId=${config()}&sort=name&order=asc${q}`)).json();

    const off = await list();
    expect(off.items.map((c: { lastName: string; anonymizationKind: string }) => [c.lastName, c.anonymizationKind])).toEqual([
      ['Becker', 'NAME'],
      ['Roth', 'NAME'],
      ['Weber', 'NAME'],
    ]);

    await http.request('POST', `/api/productconfig/${config()}/user/anonymization_allow_list`, { userToken: listed.token });
    await enable(http);
    const on = await list();
    const byToken = (token: string) => on.items.find((c: { token: string }) => c.token === token);
    expect(byToken(listed.token)).toMatchObject({ firstName: 'Lena', lastName: 'Becker', anonymize: false, anonymizationKind: 'NAME', email: listed.email });
    const [number] = await t.db.select({ n: clientNumbers.number }).from(clientNumbers).where(eq(clientNumbers.clientId, participant.id));
    expect(byToken(participant.token)).toMatchObject({
      firstName: '',
      lastName: '',
      email: '',
      phone: null,
      anonymize: true,
      anonymizedName: `Client ${number!.n}`,
      anonymizedInitials: `C${number!.n}`,
      initials: `C${number!.n}`,
      anonymizationKind: 'NUMBER',
    });
    expect(byToken(contact.token)).toMatchObject({ firstName: '*****', lastName: '*****', email: '', anonymize: false, anonymizationKind: 'STARS' });
    expect(JSON.stringify(on)).not.toMatch(/Weber|Lukas|Roth|Mia/);

    // A search never finds an anonymised client by the real name, but still finds the listed one.
    expect((await list('&q=Weber')).items).toEqual([]);
    // A prefix of the first name, long enough that no random address suffix (e.g. lena.becker.boxjlu@) contains it.
    expect((await list('&q=Luka')).items).toEqual([]);
    expect((await list('&q=Becker')).items.map((c: { token: string }) => c.token)).toEqual([listed.token]);

    // The user text follows the user's language.
    await http.request('POST', '/api/admin/user/settings', { locale: 'DE_DE' });
    expect((await list()).items.find((c: { token: string }) => c.token === participant.token).anonymizedName).toBe(`Kunde ${number!.n}`);
  });

  it('numbers the clients of an account 1, 2, 3 in creation order, independently of other accounts', async () => {
    const a = await signedInAccount(t);
    const b = await signedInAccount(t);
    const first = await addClient(t, a.account.id, a.config(), { firstName: 'A', lastName: 'One' });
    await addClient(t, b.account.id, b.config(), { firstName: 'B', lastName: 'One' });
    const second = await addClient(t, a.account.id, a.config(), { firstName: 'A', lastName: 'Two' });
    const numbers = await t.db.select().from(clientNumbers).where(eq(clientNumbers.accountId, a.account.id));
    expect(numbers.map((n) => [n.clientId, n.number]).sort((x, y) => Number(x[1]) - Number(y[1]))).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
  });
});
