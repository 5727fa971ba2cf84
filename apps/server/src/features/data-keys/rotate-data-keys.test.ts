// Rotating DATA_ENCRYPTION_KEY (docs/decisions/0079), on PGlite and PostgreSQL: secrets made with key A (a TOTP
// factor with its recovery codes, an own-sender SMTP password, an SSO client secret, one value from before key ids)
// keep working once B is the key and A is listed as previous; the rotation re-encrypts every one under B, a second run
// finds nothing, the check then counts none; with A removed the secrets still open, A's recovery codes end (said by
// the check beforehand), and a value of an unknown key fails with an error that names the key.
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config';
import { accountBranding, ssoConnections, userTotp } from '../../db/schema';
import { decryptSecret, encryptSecret, keyId, UnknownDataKeyError } from '../../plugins/data-encryption';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { ipSequence, signedInEvaluator } from '../../test/sign-in';
import { acceptSecondFactor, totpStatus } from '../two-factor/two-factor-service';
import { ENCRYPTED_COLUMNS, rotateDataKeys } from './rotate-data-keys';

const A = Buffer.alloc(32, 0xa1);
const B = Buffer.alloc(32, 0xb2);
const C = Buffer.alloc(32, 0xc3);
let t: TestApp;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp({ DATA_ENCRYPTION_KEY: A.toString('base64') });
  accountId = (await createAccount(t.db)).account.id;
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const newIp = ipSequence(79);
const withKeys = (current: Buffer, previous: Buffer[]): Config => ({ ...t.config, dataEncryptionKey: current, dataEncryptionKeys: { current, previous } });
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The stored form before key ids (`v1.<iv>.<tag>.<ciphertext>`), as the code before decision 0079 wrote it. */
function legacyEncrypt(master: Buffer, purpose: string, plaintext: string, context: string): string {
  const key = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `bq ${purpose} v1`, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

describe('rotating DATA_ENCRYPTION_KEY from A to B', () => {
  it('keeps every factor and secret working through the rotation and after A is removed', async () => {
    // Made with A: a confirmed TOTP factor (through the API) with its recovery codes, an SMTP password, an SSO secret.
    const who = await signedInEvaluator(t, accountId, newIp());
    const { secret } = (await who.http.request('POST', '/api/user/2fa/totp')).json() as { secret: string };
    const confirm = await who.http.request('POST', '/api/user/2fa/totp/confirm', { code: await code(secret) });
    expect(confirm.statusCode).toBe(200);
    const recoveryCodes = (confirm.json() as { recoveryCodes: string[] }).recoveryCodes;
    const userId = who.user.id;
    await t.db.insert(accountBranding).values({ accountId, smtpPasswordEncrypted: encryptSecret(A, 'smtp-password', 'smtp-pw', accountId) });
    await t.db.insert(ssoConnections).values({ accountId, issuer: 'https://idp.example', clientId: 'c', clientSecretEncrypted: legacyEncrypt(A, 'sso-client-secret', 'sso-secret', accountId) });
    const stored = async () => ({
      totp: (await t.db.select().from(userTotp).where(eq(userTotp.userId, userId)))[0]!.secretEncrypted,
      smtp: (await t.db.select().from(accountBranding).where(eq(accountBranding.accountId, accountId)))[0]!.smtpPasswordEncrypted!,
      sso: (await t.db.select().from(ssoConnections).where(eq(ssoConnections.accountId, accountId)))[0]!.clientSecretEncrypted!,
    });
    expect((await stored()).totp.startsWith(`v2.${keyId(A)}.`)).toBe(true);

    // B is the key, A previous: everything opens, sign-in with a code and with a recovery code works.
    const rotated = withKeys(B, [A]);
    const opens = async (config: Config) => {
      const s = await stored();
      return [
        decryptSecret(config.dataEncryptionKeys, 'smtp-password', s.smtp, accountId),
        decryptSecret(config.dataEncryptionKeys, 'sso-client-secret', s.sso, accountId),
        decryptSecret(config.dataEncryptionKeys, 'totp-secret', s.totp, userId),
      ];
    };
    expect(await opens(rotated)).toEqual(['smtp-pw', 'sso-secret', secret]);
    expect(await acceptSecondFactor(t.db, t.queue, rotated, userId, { code: await code(secret, 1) })).toBe(true);
    expect(await acceptSecondFactor(t.db, t.queue, rotated, userId, { recoveryCode: recoveryCodes[0]!.replace('-', '').toLowerCase() })).toBe(true);
    // Without A, A's values do not open: the error names the key, nothing is made up.
    expect(() => decryptSecret(B, 'totp-secret', legacyEncrypt(A, 'totp-secret', 'x', userId), userId)).toThrow(UnknownDataKeyError);

    // The check counts what still needs A; the rotation re-encrypts it all; a second run has nothing to do.
    const before = await rotateDataKeys(t.db, rotated.dataEncryptionKeys, { check: true });
    expect(before.remaining).toBeGreaterThanOrEqual(3);
    expect(before.recoveryCodesUnderOldKeys[keyId(A)]?.codes).toBeGreaterThanOrEqual(9);
    const run = await rotateDataKeys(t.db, rotated.dataEncryptionKeys, { check: false, batchSize: 2 });
    expect(run.remaining).toBe(0);
    expect(run.columns.map((c) => c.failed)).toEqual(ENCRYPTED_COLUMNS.map(() => []));
    expect(run.columns.reduce((n, c) => n + c.reencrypted, 0)).toBeGreaterThanOrEqual(3);
    const s = await stored();
    for (const value of [s.totp, s.smtp, s.sso]) expect(value.startsWith(`v2.${keyId(B)}.`)).toBe(true);
    const again = await rotateDataKeys(t.db, rotated.dataEncryptionKeys, { check: false });
    expect(again.columns.reduce((n, c) => n + c.reencrypted, 0)).toBe(0);
    expect((await rotateDataKeys(t.db, rotated.dataEncryptionKeys, { check: true })).remaining).toBe(0);

    // A removed: every secret still opens and the code factor still signs in. A's recovery codes end, as the check said.
    const onlyB = withKeys(B, []);
    expect(await opens(onlyB)).toEqual(['smtp-pw', 'sso-secret', secret]);
    vi.setSystemTime(Date.now() + 90_000);
    expect(await acceptSecondFactor(t.db, t.queue, onlyB, userId, { code: await code(secret) })).toBe(true);
    expect(await acceptSecondFactor(t.db, t.queue, onlyB, userId, { recoveryCode: recoveryCodes[1]!.replace('-', '').toLowerCase() })).toBe(false);
    // The user is not told they have codes left that no longer work: without A, none of A's count.
    expect((await totpStatus(t.db, onlyB, { userId })).recoveryCodesLeft).toBe(0);
    expect((await totpStatus(t.db, rotated, { userId })).recoveryCodesLeft).toBe(9);
    // While A was listed they worked (and the check counted them).
    expect(await acceptSecondFactor(t.db, t.queue, rotated, userId, { recoveryCode: recoveryCodes[2]!.replace('-', '').toLowerCase() })).toBe(true);
  });

  it('makes new recovery-code hashes and identity digests under the current key, and still confirms those of a listed previous key', async () => {
    const { recoveryCodeHash, recoveryCodeHashes } = await import('../two-factor/totp');
    const { changedFieldForTrail, identityDigestMatches } = await import('../audit/audit-note');
    expect(recoveryCodeHash({ current: B, previous: [A] }, 'u', 'abc')).toBe(`${keyId(B)}:${recoveryCodeHashes(B, 'u', 'abc')[1]}`);
    expect(recoveryCodeHashes({ current: B, previous: [A] }, 'u', 'abc')).toContain(recoveryCodeHash(A, 'u', 'abc'));
    const underA = changedFieldForTrail(A, 'acc', { field: 'email', old: 'x@example.com', new: null }).old!;
    expect(underA.startsWith(`hmac-${keyId(A)}:`)).toBe(true);
    expect(identityDigestMatches({ current: B, previous: [A] }, 'acc', 'email', 'x@example.com', underA)).toBe(true);
    expect(identityDigestMatches({ current: B, previous: [A] }, 'acc', 'email', 'y@example.com', underA)).toBe(false);
    // A removed: the digest can no longer be confirmed either way (null, not "no").
    expect(identityDigestMatches(B, 'acc', 'email', 'x@example.com', underA)).toBeNull();
    // The erasure's code of a dialog opened before the swap still erases while A is listed.
    const { erasureSecurityCode, erasureSecurityCodeMatches } = await import('../data-rights/security-code');
    const client = { id: 'c1', updatedAt: new Date('2026-12-01T00:00:00Z') };
    expect(erasureSecurityCodeMatches({ current: B, previous: [A] }, client, erasureSecurityCode(A, client))).toBe(true);
    expect(erasureSecurityCodeMatches({ current: B, previous: [A] }, client, erasureSecurityCode({ current: B, previous: [A] }, client))).toBe(true);
  });

  it('names the unknown key of a value made with a key that is not configured', () => {
    const value = encryptSecret(C, 'totp-secret', 'x', 'u');
    expect(() => decryptSecret({ current: B, previous: [A] }, 'totp-secret', value, 'u')).toThrow(new RegExp(`made with key ${keyId(C)}, which is neither DATA_ENCRYPTION_KEY nor in DATA_ENCRYPTION_KEYS_PREVIOUS`));
    expect(() => decryptSecret({ current: B, previous: [A] }, 'totp-secret', legacyEncrypt(C, 'totp-secret', 'x', 'u'), 'u')).toThrow(/before key ids.*none of the configured keys/);
    // README step 2: a process not yet swapped (A current, B decrypt-only) opens what a swapped one wrote with B.
    expect(decryptSecret({ current: A, previous: [B] }, 'totp-secret', encryptSecret({ current: B, previous: [A] }, 'totp-secret', 'y', 'u'), 'u')).toBe('y');
    // An altered value is not an unknown key: it fails as altered.
    const altered = value.slice(0, -2) + (value.endsWith('AA') ? 'BB' : 'AA');
    expect(() => decryptSecret({ current: C, previous: [] }, 'totp-secret', altered, 'u')).toThrow();
  });
});

describe('what the rotation covers', () => {
  it('knows every purpose the server encrypts into the database (a cookie is not stored)', () => {
    const src = join(import.meta.dirname, '..', '..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const purposes = new Set(files.flatMap((f) => [...readFileSync(join(src, f), 'utf8').matchAll(/encryptSecret\([^,]+,\s*'([a-z-]+)'/g)].map((m) => m[1]!)));
    expect(purposes.size).toBeGreaterThanOrEqual(4);
    const covered = new Set<string>([...ENCRYPTED_COLUMNS.map((c) => c.purpose), 'sso-attempt']);
    expect([...purposes].filter((p) => !covered.has(p))).toEqual([]);
  });
});
