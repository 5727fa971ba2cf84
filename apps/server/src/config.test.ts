// Start-up configuration: defaults, the demo-data guard, and messages naming the bad variable.
import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { loadConfig } from './config';

/** What every production start needs besides the variable under test. */
const SIGNING = generateKeyPairSync('ed25519');
const KEY = {
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  AUDIT_SIGNING_KEY: SIGNING.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  AUDIT_CHECKPOINT_DIR: '/srv/shared/audit-checkpoints',
};

describe('loadConfig', () => {
  it('defaults to the embedded database with demo data on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', embedded: true, demoData: true, ROLE: 'all' });
  });

  it('never seeds demo logins in a production start unless asked, and refuses when asked', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://advice.example.com', ...KEY }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoData).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(/DEMO_DATA/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ROLE: 'api' })).toThrow(/ROLE: the embedded database allows one process only/);
    // A read replica is PostgreSQL's (docs/decisions/0059): without DATABASE_URL there is nothing to replicate.
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica:5432/bq' })).toThrow(/DATABASE_REPLICA_URL: a read replica needs DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgres://primary:5432/bq', DATABASE_REPLICA_URL: 'postgres://replica:5432/bq' }).DATABASE_REPLICA_URL).toBe('postgres://replica:5432/bq');
  });

  it('takes an smtp:// or smtps:// mail server and a sender address, and names them when wrong', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({})).toMatchObject({ MAIL_FROM: '"BQ Platform" <no-reply@localhost>', REMINDER_CHECK_SECONDS: 300 });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Advice <a@b.example>' })).toMatchObject({ SMTP_URL: 'smtps://u:p@mail.example.com:465' });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ REMINDER_CHECK_SECONDS: '0' })).toThrow(/REMINDER_CHECK_SECONDS/);
  });

  it('refuses a production start without the checkpoint signing key or the shared checkpoint folder (docs/decisions/0071)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://advice.example.com', ...KEY };
    const { AUDIT_SIGNING_KEY: _key, ...noKey } = production;
    expect(() => loadConfig(noKey)).toThrow(/AUDIT_SIGNING_KEY: required in production/);
    const { AUDIT_CHECKPOINT_DIR: _dir, ...noDir } = production;
    expect(() => loadConfig(noDir)).toThrow(/AUDIT_CHECKPOINT_DIR: required in production/);
    expect(loadConfig(production)).toMatchObject({ AUDIT_SIGNING_KEY: KEY.AUDIT_SIGNING_KEY, AUDIT_CHECKPOINT_DIR: '/srv/shared/audit-checkpoints' });
    // The chain needs no key; AUDIT_CHAIN_KEY is only read to check a trail from before (and must still be a real one).
    expect(loadConfig(production).AUDIT_CHAIN_KEY).toBeUndefined();
    expect(() => loadConfig({ AUDIT_CHAIN_KEY: 'short' })).toThrow(/AUDIT_CHAIN_KEY/);
    expect(loadConfig({ ...production, AUDIT_CHAIN_KEY: '', AUDIT_SIGNING_KEYS_RETIRED: '' }).AUDIT_CHAIN_KEY).toBeUndefined();
    expect(() => loadConfig({ AUDIT_SIGNING_KEY: 'not-a-key' })).toThrow(/AUDIT_SIGNING_KEY: must be an Ed25519 private key/);
    const retired = generateKeyPairSync('ed25519').publicKey;
    const pem = retired.export({ type: 'spki', format: 'pem' }).toString().replace(/\n/g, '\\n');
    const der = retired.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(loadConfig({ AUDIT_SIGNING_KEYS_RETIRED: `${pem},${der}` }).AUDIT_SIGNING_KEYS_RETIRED).toBe(`${pem},${der}`);
    expect(() => loadConfig({ AUDIT_SIGNING_KEYS_RETIRED: 'nope' })).toThrow(/AUDIT_SIGNING_KEYS_RETIRED/);
    // Outside production: no key (no checkpoints), and the folder beside the data.
    expect(loadConfig({ DATA_DIR: '/srv/bq' }).AUDIT_CHECKPOINT_DIR).toBe('/srv/bq/audit-checkpoints');
    // The trail's benchmark baseline cannot be switched on alone: only beside the bench's own routes.
    expect(() => loadConfig({ BENCH_WITHOUT_AUDIT_TRAIL: 'true' })).toThrow(/BENCH_WITHOUT_AUDIT_TRAIL: only for benchmarks/);
    expect(loadConfig({ BENCH_WITHOUT_AUDIT_TRAIL: 'true', BENCH_ROUTES: 'true' }).BENCH_WITHOUT_AUDIT_TRAIL).toBe(true);
  });

  it('requires PUBLIC_URL in production, where the server cannot know the name people reach it by', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://advice.example.com/', ...KEY });
    expect(config.publicUrl).toBe('https://advice.example.com');
    // The sender's domain follows the public address unless MAIL_FROM says otherwise.
    expect(config.MAIL_FROM).toBe('"BQ Platform" <no-reply@advice.example.com>');
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://advice.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('requires DATA_ENCRYPTION_KEY (32 bytes in base64) in production and uses a fixed development key elsewhere', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://advice.example.com' };
    expect(() => loadConfig(production)).toThrow(/DATA_ENCRYPTION_KEY: required in production/);
    expect(() => loadConfig({ ...production, DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/DATA_ENCRYPTION_KEY: must be 32 bytes/);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'not base64 at all, but long enough to be 43 chars' })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(loadConfig({ ...production, ...KEY }).dataEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).dataEncryptionKey).toHaveLength(32);
    expect(loadConfig({}).dataEncryptionKey).toEqual(loadConfig({ NODE_ENV: 'test' }).dataEncryptionKey);
  });

  it('reads DATA_ENCRYPTION_KEYS_PREVIOUS (comma-separated, decrypt only) and refuses the current key, a key twice or a malformed key', () => {
    const current = Buffer.alloc(32, 7).toString('base64');
    const a = Buffer.alloc(32, 1).toString('base64');
    const b = Buffer.alloc(32, 2).toString('base64');
    expect(loadConfig({ ...KEY, DATA_ENCRYPTION_KEYS_PREVIOUS: ` ${a}, ${b} ` }).dataEncryptionKeys).toEqual({ current: Buffer.alloc(32, 7), previous: [Buffer.alloc(32, 1), Buffer.alloc(32, 2)] });
    expect(loadConfig({ ...KEY, DATA_ENCRYPTION_KEYS_PREVIOUS: '' }).dataEncryptionKeys.previous).toEqual([]);
    expect(loadConfig({}).dataEncryptionKeys.previous).toEqual([]);
    expect(() => loadConfig({ ...KEY, DATA_ENCRYPTION_KEYS_PREVIOUS: `${a},${current}` })).toThrow(/DATA_ENCRYPTION_KEYS_PREVIOUS: key 2 is DATA_ENCRYPTION_KEY itself/);
    expect(() => loadConfig({ ...KEY, DATA_ENCRYPTION_KEYS_PREVIOUS: `${a},${a}` })).toThrow(/DATA_ENCRYPTION_KEYS_PREVIOUS: key 2 is listed twice/);
    expect(() => loadConfig({ ...KEY, DATA_ENCRYPTION_KEYS_PREVIOUS: `${a},not-a-key` })).toThrow(/DATA_ENCRYPTION_KEYS_PREVIOUS: key 2 must be 32 bytes in base64/);
    expect(() => loadConfig({ ...KEY, DATA_ENCRYPTION_KEYS_PREVIOUS: Buffer.alloc(16).toString('base64') })).toThrow(/key 1 must be 32 bytes/);
    expect(() => loadConfig({ ...KEY, DATA_ENCRYPTION_KEYS_PREVIOUS: `${a},` })).toThrow(/key 2 must be 32 bytes/);
  });

  it('reads a relative DATA_DIR from where the npm command was typed, also for workspace scripts run in apps/server', () => {
    expect(loadConfig({ INIT_CWD: '/srv/bq' }).DATA_DIR).toBe('/srv/bq/data');
    expect(loadConfig({ INIT_CWD: '/srv/bq', DATA_DIR: '/var/lib/bq' }).DATA_DIR).toBe('/var/lib/bq');
    expect(loadConfig({}).DATA_DIR).toBe('./data');
  });

  it('keeps the developer mailbox off unless asked for, and refuses it outside the embedded demo', () => {
    expect(loadConfig({}).DEV_MAILBOX).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe(true);
    expect(() => loadConfig({ DEV_MAILBOX: 'true', NODE_ENV: 'production', PUBLIC_URL: 'https://a.example' })).toThrow(/DEV_MAILBOX/);
    expect(() => loadConfig({ DEV_MAILBOX: 'true', DATABASE_URL: 'postgres://u@h/db' })).toThrow(/DEV_MAILBOX/);
    expect(() => loadConfig({ DEV_MAILBOX: 'true', DEMO_DATA: 'false' })).toThrow(/DEV_MAILBOX/);
  });
});
