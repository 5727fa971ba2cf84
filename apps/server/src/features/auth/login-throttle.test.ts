// Sign-in throttling (decision 0032) through the HTTP API, on PGlite and PostgreSQL: failures slow the attacker with
// a doubling wait per address and IP, per IP and per address, but never lock the rightful owner out. The clock the
// server reads (Date only) stands still and moves when the test says, so the waits are exact and nothing sleeps.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { ADDRESS_BACKOFF_CAP_SECONDS } from './login-rate-limit';

let t: TestApp;
let accountId: string;
const FREE_PER_IP = 8;
beforeAll(async () => {
  // Per address 5 free failures (the default); per IP fewer than the default 50, to keep the test short.
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: String(FREE_PER_IP) });
  accountId = (await createAccount(t.db)).account.id;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const WRONG = 'Wrong-Guess-2026!';
let ipCounter = 0;
const newIp = () => `10.50.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);
/** Lets `seconds` pass on the server's clock. */
const elapse = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

/** `failures` wrong passwords for the address, each from an IP of its own, waiting out any 429 on the way. */
async function attackFromManyIps(email: string, failures: number) {
  for (let done = 0; done < failures; ) {
    const res = await new TestClient(t.app, newIp()).login(email, WRONG);
    if (res.statusCode === 429) elapse(retryAfter(res));
    else {
      expect(res.statusCode).toBe(401);
      done++;
    }
  }
}

async function expectThrottled(res: Awaited<ReturnType<TestClient['login']>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json().errorKey).toBe('error.auth.too_many_sign_in_attempts');
  expect(res.json().message).toMatch(/^Too many sign-in attempts/);
  return retryAfter(res);
}

describe('sign-in after failures from attackers', () => {
  it('lets the owner in from a device that signed in before, at once, after wrong passwords from other IPs', async () => {
    const { email, password } = await createUser(t.db, accountId);
    const owner = new TestClient(t.app, '10.60.0.1');
    const first = await owner.login(email, password);
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === 'bq_device');
    expect(device).toMatchObject({ httpOnly: true, path: '/api/login', sameSite: 'Strict' });

    await attackFromManyIps(email, 7);
    // A new IP on the address must wait now...
    expect(await expectThrottled(await new TestClient(t.app, newIp()).login(email, password))).toBeGreaterThan(0);
    // ... but the owner's known device is not slowed by the failures elsewhere.
    const started = performance.now();
    const again = await new TestClient(t.app, '10.60.0.2').request('POST', '/api/login', { email, password }, { cookie: `bq_device=${device!.value}` });
    expect(again.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("does not accept another user's device cookie", async () => {
    const other = await createUser(t.db, accountId);
    const otherDevice = (await new TestClient(t.app, newIp()).login(other.email, other.password)).cookies.find((c) => c.name === 'bq_device');
    const { email, password } = await createUser(t.db, accountId);
    await attackFromManyIps(email, 5);
    const res = await new TestClient(t.app, newIp()).request('POST', '/api/login', { email, password }, { cookie: `bq_device=${otherDevice!.value}` });
    expect(res.statusCode).toBe(429);
  });

  it('lets the owner in from a new device after a short wait that never exceeds a minute', async () => {
    const { email, password } = await createUser(t.db, accountId);
    await attackFromManyIps(email, 5);
    const owner = new TestClient(t.app, newIp());
    const wait = await expectThrottled(await owner.login(email, password));
    expect(wait).toBe(1);
    elapse(wait);
    expect((await owner.login(email, password)).statusCode).toBe(200);

    // However many IPs keep failing, the wait on the address stays short.
    await attackFromManyIps(email, 20);
    const longest = await expectThrottled(await new TestClient(t.app, newIp()).login(email, password));
    expect(longest).toBeLessThanOrEqual(ADDRESS_BACKOFF_CAP_SECONDS);
    elapse(longest);
    expect((await new TestClient(t.app, newIp()).login(email, password)).statusCode).toBe(200);
  });
});

describe('an attacker', () => {
  it('hammering one account from one IP gets 429 with a Retry-After that doubles, past the per-address minute', async () => {
    const { email, password } = await createUser(t.db, accountId);
    const attacker = new TestClient(t.app, newIp());
    for (let i = 0; i < 5; i++) expect((await attacker.login(email, WRONG)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = await expectThrottled(await attacker.login(email, WRONG));
      waits.push(wait);
      elapse(wait);
      expect((await attacker.login(email, WRONG)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
    // The right password does not get through during the wait either.
    expect(await expectThrottled(await attacker.login(email, password))).toBe(256);
  });

  it('trying many addresses from one IP is slowed down too, with a growing wait', async () => {
    const attacker = new TestClient(t.app, newIp());
    for (let i = 0; i < FREE_PER_IP; i++) expect((await attacker.login(uniqueEmail('spray'), WRONG)).statusCode).toBe(401);
    const { email, password } = await createUser(t.db, accountId);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const wait = await expectThrottled(await attacker.login(email, password));
      waits.push(wait);
      elapse(wait);
      expect((await attacker.login(uniqueEmail('spray'), WRONG)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    // Another IP is not affected.
    expect((await new TestClient(t.app, newIp()).login(email, password)).statusCode).toBe(200);
  });
});
