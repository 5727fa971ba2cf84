// Bad input from the schemas (issue 15 item 2): every /api route the app registers (collected through onRoute, so
// routes added later are fuzzed too) gets requests built from its own zod schemas (a valid sample with real ids of
// the account) with one to three places replaced by junk from fast-check: wrong types, empty and very long strings,
// control characters, NUL, lone surrogates (as invalid UTF-8 in URLs), huge and odd numbers, deep nesting, unknown
// fields, a whole body of junk and text that is not JSON. Every answer: never a 5xx; a 4xx always carries an
// errorKey; and a refused request writes nothing (no row of any table inserted, updated or deleted: a trigger counts).
// FUZZ_CASES (default 10,000) is the total over all routes; FUZZ_SEED replays a run.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { testDatabaseUrl } from '../../test/postgres-admin';
import { testKnob } from '../../test/test-knobs';
import { createAccount, createUser } from '../../test/factories';
import { apiRoutes, sample, type ApiRoute } from '../../test/route-table';

const TOTAL = Number(testKnob('FUZZ_CASES') ?? 10_000);
const SEED = Number(testKnob('FUZZ_SEED') ?? Date.now() % 1_000_000);
/** A route whose valid requests are slow (PDF rendering) stops early; the total must still reach 95 %. */
const ROUTE_MS = Number(testKnob('FUZZ_ROUTE_MS') ?? 15_000);

const collected: RouteOptions[] = [];
let t: TestApp;
let http: TestClient;
let signIn: () => Promise<void>;
let known: Record<string, unknown>;

beforeAll(async () => {
  const embedded = !testDatabaseUrl();
  // Thousands of requests from one address: the public write limit (plugins/rate-limit.ts, its own test) would answer
  // most public routes with 429 before their input is even read, which is what this test is about.
  const noLimit = { PUBLIC_RATE_LIMIT: 'false' };
  t = await createTestApp(embedded ? { ...noLimit, DEV_MAILBOX: 'true', DEMO_DATA: 'true' } : noLimit, undefined, { onRoute: (r) => void collected.push(r) });
  const { account, configs } = await createAccount(t.db, { type: embedded ? 'DEMO' : 'ENTERPRISE', products: ['BQ_RISK', 'BQ_SELECTION'], credits: 5 });
  // An admin and platform operator: no access check answers first, so the input reaches validation and the services.
  const { user, email, password } = await createUser(t.db, account.id, { platformOperator: true });
  http = new TestClient(t.app);
  signIn = async () => void expect((await http.login(email, password)).statusCode).toBe(200);
  await signIn();
  const configId = configs[0]!.id;
  const client = (await http.request('POST', '/api/u', { firstName: 'Fuzz', lastName: 'Target', email: `fuzz.${randomUUID()}@example.com`, productConfigurationId: configId })).json();
  const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
  known = {
    token: instance.token,
    clientToken: client.token,
    interactionToken: instance.token,
    instanceToken1: instance.token,
    instanceToken2: instance.token,
    productConfigurationId: configId,
    interactionId: 'risk',
    interaction: 'risk',
    id: user.id,
  };
  // A write counter: a row trigger on every table of the app's schema adds one per inserted, updated or deleted row
  // (in the writing transaction, so a rolled-back write does not count). Reading it is one tiny query per request,
  // cheaper than counting rows and stricter (updates and deletes count too). Left out: the sessions (a request may
  // touch its session) and the rate limiters' records of refused attempts, which a refused request is meant to
  // write (failed sign-ins, verification resend requests, counted sign-up, reset and Google attempts), and the audit
  // trail, where a refusal (401/403/404) is recorded as evidence (docs/decisions/0039); pg-boss's own schema is not the app's.
  const tables = ((await t.database.executeSql(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).rows as { table_name: string }[])
    .map((r) => r.table_name)
    .filter((name) => !/^(sessions|login_failures|verification_resend_requests|auth_requests|audit_events|__drizzle_migrations)$/.test(name));
  expect(tables.length).toBeGreaterThan(10);
  await t.database.executeSql(`create table fuzz_writes (n bigint not null, last text); insert into fuzz_writes values (0, null);
    create function fuzz_count_write() returns trigger language plpgsql as $$ begin update fuzz_writes set n = n + 1, last = TG_OP || ' ' || TG_TABLE_NAME; return null; end $$;`);
  for (const name of tables) {
    await t.database.executeSql(`create trigger fuzz_count_write after insert or update or delete on "${name}" for each row execute function fuzz_count_write()`);
  }
}, 120_000);
afterAll(() => t.close());

async function writes(): Promise<string> {
  const { rows } = await t.database.executeSql(`select n::text || ' (last: ' || coalesce(last, '-') || ')' as n from fuzz_writes`);
  return (rows[0] as { n: string }).n;
}

/** The write count once it has not moved for 100 ms (at most 3 s): what a request that answers early ends with. */
async function settledWrites(): Promise<string> {
  let last = await writes();
  let quietSince = performance.now();
  for (const until = performance.now() + 3_000; performance.now() < until && performance.now() - quietSince < 100; ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = await writes();
    if (now !== last) [last, quietSince] = [now, performance.now()];
  }
  return last;
}

// ---- junk -------------------------------------------------------------------------------------------------------
const NASTY = ['\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u202e', '\ufeff', '\ud800', '\udfff', '\r\n', '%00', '%', '../', '\\', '"', "'", '<script>', '${x}', '\u{1F600}'];
const nastyPiece = fc.constantFrom(...NASTY);
const junkString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.array(nastyPiece, { minLength: 1, maxLength: 6 }).map((a) => a.join('')),
  fc.tuple(fc.string({ maxLength: 8 }), nastyPiece, fc.string({ maxLength: 8 })).map(([a, b, c]) => a + b + c),
  fc.integer({ min: 101, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.constant(''),
  fc.constant(' '),
);
const junkNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, 2 ** 64, -1, 0, 0.5, -0),
  fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }).map(String),
);
const deep = fc.integer({ min: 20, max: 3000 }).map((n) => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
});
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junkString },
  { weight: 2, arbitrary: junkNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(junkString, { maxLength: 3 }) },
  { weight: 1, arbitrary: deep },
);

/** A URL component: lone surrogates become the invalid UTF-8 bytes ED A0 80 (encodeURIComponent would throw). */
function encodeLoose(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'null';
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      out += '%ED%A0%80';
    }
  }
  return out;
}

type Path = (string | number)[];
/** Every leaf of the sample body (and the body itself), where junk may go. */
function leaves(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return [path, ...value.flatMap((v, i) => leaves(v, [...path, i]))];
  if (value && typeof value === 'object') return [path, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))];
  return [path];
}
/** A copy of root with value at path (copied along the path only); a primitive on the way is replaced by value. */
function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0 || !root || typeof root !== 'object') return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...root }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, value);
  return copy;
}

type Slot = { kind: 'param'; name: string } | { kind: 'query'; name: string } | { kind: 'body'; path: Path } | { kind: 'raw' } | { kind: 'extraQuery' } | { kind: 'extraBody' };

interface Case {
  url: string;
  payload: unknown;
  raw?: string;
  label: string;
}

function caseArbitrary(route: ApiRoute): fc.Arbitrary<Case> {
  const params = Object.fromEntries(route.paramNames.map((n) => [n, sample(route.params?.properties?.[n], known, n)]));
  const query = route.query ? (sample(route.query, known) as Record<string, unknown>) : {};
  const body = route.body ? sample(route.body, known) : undefined;
  const slots: Slot[] = [
    ...route.paramNames.map((name) => ({ kind: 'param' as const, name })),
    ...Object.keys(route.query?.properties ?? {}).map((name) => ({ kind: 'query' as const, name })),
    { kind: 'extraQuery' },
    ...(route.method === 'GET' || route.method === 'DELETE' ? [] : [...leaves(body).map((path) => ({ kind: 'body' as const, path })), { kind: 'raw' as const }, { kind: 'extraBody' as const }]),
  ];
  return fc.array(fc.tuple(fc.nat(), junk, fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 3 }).map((mutations) => {
    const p: Record<string, unknown> = { ...params };
    const q: Record<string, unknown> = { ...query };
    let b: unknown = body;
    let raw: string | undefined;
    const labels: string[] = [];
    for (const [index, value, extraName] of mutations) {
      const slot = slots[index % slots.length]!;
      if (slot.kind === 'param') p[slot.name] = value;
      else if (slot.kind === 'query') q[slot.name] = value;
      else if (slot.kind === 'extraQuery') q[`x${extraName}`] = value;
      else if (slot.kind === 'body') b = setAt(b, slot.path, value);
      else if (slot.kind === 'extraBody') b = b && typeof b === 'object' && !Array.isArray(b) ? { ...b, [`x${extraName}`]: value } : value;
      else raw = `{"a": ${typeof value === 'string' ? value.slice(0, 50) : '[1,'}`;
      labels.push(slot.kind === 'body' ? `body.${slot.path.join('.')}` : slot.kind === 'param' || slot.kind === 'query' ? `${slot.kind}.${slot.name}` : slot.kind);
    }
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) => encodeLoose(p[n]) || 'x');
    const search = Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`)
      .join('&');
    return { url: search ? `${path}?${search}` : path, payload: b, ...(raw !== undefined ? { raw } : {}), label: labels.join(', ') };
  });
}

describe('fuzzing every route from its schemas', () => {
  it(`${TOTAL} generated requests: never a 5xx, a 4xx always with errorKey, nothing written when refused (FUZZ_SEED= ${SEED})`, async () => {
    const routes = apiRoutes(collected);
    expect(routes.length).toBeGreaterThan(50);
    const perRoute = Math.max(1, Math.floor(TOTAL / routes.length));
    const failures: string[] = [];
    let sent = 0;
    let before = await writes();
    for (const route of routes) {
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route), async (c) => {
          // Past the route's time budget the remaining cases are skipped (not interrupted: a request cut off
          // mid-flight would still write while the next route is measured).
          if (performance.now() - started > ROUTE_MS) return;
          sent++;
          const headers: Record<string, string> = { 'x-source': 'web', accept: 'application/json', ...(http.cookie ? { cookie: http.cookie } : {}) };
          const res = await t.app.inject({
            method: route.method,
            url: c.url,
            headers: c.raw !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
            ...(c.raw !== undefined ? { payload: c.raw } : c.payload !== undefined && route.method !== 'GET' && route.method !== 'DELETE' ? { payload: JSON.stringify(c.payload), headers: { ...headers, 'content-type': 'application/json' } } : {}),
          });
          let errorKey: unknown;
          try {
            errorKey = (JSON.parse(res.body) as { errorKey?: unknown }).errorKey;
          } catch {
            errorKey = undefined;
          }
          // A 202 may go on after its answer (the password reset mails after answering, so known and unknown addresses
          // take the same time, decision 0032): its writes are its own, not the next refused request's.
          const after = res.statusCode === 202 ? await settledWrites() : await writes();
          const what = `${route.method} ${route.url} (${c.label}) -> ${res.statusCode} ${String(errorKey ?? res.body.slice(0, 80))}`;
          if (res.statusCode >= 500) failures.push(`5xx: ${what}`);
          else if (res.statusCode >= 400 && typeof errorKey !== 'string') failures.push(`no errorKey: ${what}`);
          else if (res.statusCode >= 400 && after !== before) failures.push(`written although refused: ${what}; writes ${before} -> ${after}`);
          before = after;
          // A sign-out (or a password change that ended the session): sign in again, outside the comparison.
          if (res.cookies.some((k) => k.name === 'bq_session' && !k.value) || errorKey === 'error.auth.unauthorized') {
            http.cookie = undefined;
            await signIn();
            before = await writes();
          }
        }),
        { numRuns: perRoute, seed: SEED, endOnFailure: true },
      );
      if (testKnob('FUZZ_TIMING')) process.stdout.write(`${Math.round(performance.now() - started)} ms ${route.method} ${route.url}\n`);
    }
    expect(failures.slice(0, 30)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(0.95 * Math.min(TOTAL, routes.length * perRoute));
  }, 1_800_000);
});
