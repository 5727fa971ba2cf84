// Every registered route (collected with an onRoute hook), every path parameter, query parameter and string in
// the body (values and record keys) gets a NUL byte and a lone UTF-16 surrogate in turn (in a URL the surrogate
// is the invalid UTF-8 %ED%A0%80): the answer is never a 5xx and always a 400 error.validation naming the field,
// except a surrogate in a text/csv body, which arrives as U+FFFD and must only be refused without a 5xx. Sent signed in as a user who can reach every route (account admin and
// platform operator), so no access check answers first.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../test/test-app';
import { testDatabaseUrl } from '../test/postgres-admin';
import { sample, toJsonSchema, type JsonSchema } from '../test/route-table';
import { createAccount, createUser } from '../test/factories';

const routes: RouteOptions[] = [];
let t: TestApp;
let http: TestClient;

beforeAll(async () => {
  // The developer mailbox's routes exist only in the embedded demo (PGlite runs): there they are probed too.
  const embedded = !testDatabaseUrl();
  t = await createTestApp(embedded ? { DEV_MAILBOX: 'true', DEMO_DATA: 'true' } : {}, undefined, {
    onRoute: (route) => void routes.push(route),
  });
  const { account } = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_SELECTION'], credits: 5 });
  const { email, password } = await createUser(t.db, account.id, { platformOperator: true });
  http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
});
afterAll(() => t.close());

type Path = (string | number)[];
/** Where a body holds strings: every string leaf, and every key of a record (an object with free keys). */
function stringPlaces(schema: JsonSchema | undefined, value: unknown, path: Path = []): { path: Path; key?: true }[] {
  if (typeof value === 'string') return [{ path }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPlaces(schema?.items, v, [...path, i]));
  if (value && typeof value === 'object') {
    const places = Object.entries(value).flatMap(([k, v]) => stringPlaces(schema?.properties?.[k], v, [...path, k]));
    if (schema && schema.additionalProperties && schema.additionalProperties !== true && !schema.properties) places.push({ path, key: true });
    return places;
  }
  return [];
}

function withBad(body: unknown, place: { path: Path; key?: true }, bad: string): unknown {
  const copy = structuredClone(body);
  if (place.path.length === 0 && !place.key) return bad;
  let target = copy as Record<string | number, unknown>;
  for (const step of place.path.slice(0, place.key ? undefined : -1)) target = target[step] as Record<string | number, unknown>;
  if (place.key) target[`k${bad}`] = (Object.values(target)[0] as unknown) ?? 1;
  else target[place.path.at(-1)!] = `a${bad}b`;
  return copy;
}

// How each bad character travels: in JSON both arrive as they are; in a URL a NUL is %00, and a lone surrogate can
// only be written as the (invalid UTF-8) bytes ED A0 80, which the server must also survive.
interface Bad {
  name: string;
  json: string;
  url: string;
  /** It reaches the server as sent (so the answer must be 400 naming it), rather than already replaced by U+FFFD. */
  arrivesIntact: boolean;
}
const BAD: Bad[] = [
  { name: 'NUL', json: '\u0000', url: '%00', arrivesIntact: true },
  { name: 'lone surrogate', json: '\ud800', url: '%ED%A0%80', arrivesIntact: true },
];

const TEXT_BODIES: Record<string, { type: string; text: (bad: string) => string }> = {
  '/api/admin/market-history': { type: 'text/csv', text: (bad) => `Date,SP500\n1871.01,4${bad}.44\n` },
  '/api/mail/bounces': { type: 'message/rfc822', text: (bad) => `Action: failed\nStatus: 5.1.1${bad}\nMessage-ID: <a@b>\n` },
};

interface Probe {
  route: string;
  where: string;
  bad: Bad;
  send: () => Promise<{ statusCode: number; body: string }>;
}

function probesFor(route: RouteOptions): Probe[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
  const paramsSchema = toJsonSchema(schema.params);
  const querySchema = toJsonSchema(schema.querystring);
  const bodySchema = toJsonSchema(schema.body);
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const params = Object.fromEntries(paramNames.map((n) => [n, String(sample(paramsSchema?.properties?.[n]))]));
  const query = (sample(querySchema ?? { type: 'object' }) ?? {}) as Record<string, unknown>;
  const queryNames = Object.keys(querySchema?.properties ?? {});
  const body = bodySchema ? sample(bodySchema) : undefined;
  // Routes whose body is text, not JSON: the market history's CSV and a mail system's bounce report.
  const textBody = methods.includes('POST') ? TEXT_BODIES[route.url] : undefined;
  const isCsv = textBody !== undefined;

  const url = (p: Record<string, string>, q: Record<string, unknown>) => {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) => p[n]!);
    const search = Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${Array.isArray(v) ? String(v[0]) : typeof v === 'string' && v.includes('%') ? v : encodeURIComponent(String(v))}`)
      .join('&');
    return search ? `${path}?${search}` : path;
  };
  const probes: Probe[] = [];
  for (const method of methods as ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[]) {
    const send = (u: string, b: unknown) => () =>
      textBody && typeof b === 'string'
        ? http.request(method, u, b, { 'content-type': textBody.type })
        : http.request(method, u, b);
    for (const bad of BAD) {
      const encoded = (v: string) => `a${encodeURIComponent(v)}${bad.url}b`;
      for (const name of paramNames) {
        probes.push({ route: `${method} ${route.url}`, where: `params.${name}`, bad, send: send(url({ ...params, [name]: encoded(params[name]!) }, query), body) });
      }
      for (const name of queryNames) {
        probes.push({ route: `${method} ${route.url}`, where: `query.${name}`, bad, send: send(url(params, { ...query, [name]: encoded(String(query[name] ?? 'x')) }), body) });
      }
      if (body !== undefined && !isCsv) {
        for (const place of stringPlaces(bodySchema ?? undefined, body)) {
          probes.push({
            route: `${method} ${route.url}`,
            where: `body${place.path.map((p) => `.${p}`).join('')}${place.key ? ' (key)' : ''}`,
            bad,
            send: send(url(params, query), withBad(body, place, bad.json)),
          });
        }
      }
      // A text body is UTF-8 bytes: a lone surrogate cannot be written in it (it arrives as U+FFFD).
      if (textBody) probes.push({ route: `${method} ${route.url}`, where: `body (${textBody.type})`, bad: { ...bad, arrivesIntact: bad.name === 'NUL' }, send: send(url(params, query), textBody.text(bad.json)) });
    }
  }
  return probes;
}

describe('NUL bytes and lone surrogates in any string input', () => {
  it('are refused with 400 error.validation on every route, never a 5xx', async () => {
    const apiRoutes = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(apiRoutes.length).toBeGreaterThan(50);
    const probes = apiRoutes.flatMap(probesFor);
    const failures: string[] = [];
    const places = new Set<string>();
    for (const probe of probes) {
      const res = await probe.send();
      const answer = (() => {
        try {
          return JSON.parse(res.body) as { errorKey?: string; fields?: { path: string; errorKey: string }[] };
        } catch {
          return {};
        }
      })();
      const label = `${probe.route} ${probe.where} ${probe.bad.name}: ${res.statusCode} ${answer.errorKey ?? res.body.slice(0, 80)}`;
      places.add(`${probe.route} ${probe.where}`);
      if (res.statusCode >= 500 || !answer.errorKey) failures.push(label);
      else if (probe.bad.arrivesIntact) {
        const field = answer.fields?.find((f) => f.errorKey === 'error.validation.invalid_characters');
        if (res.statusCode !== 400 || answer.errorKey !== 'error.validation' || !field) failures.push(label);
      }
    }
    expect(failures).toEqual([]);
    // The probe reached path parameters, query parameters, JSON bodies, record keys and the CSV upload.
    const all = [...places].join('\n');
    for (const kind of ['params.', 'query.', 'body.', '(key)', 'text/csv']) expect(all).toContain(kind);
    expect(places.size).toBeGreaterThan(100);
  }, 120_000);
});

describe('OpenAPI', () => {
  it('documents 400 error.validation on every call, since any of them can refuse such characters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(50);
    for (const { path, method, op } of operations) expect(op.responses['400']?.description, `${method} ${path}`).toContain('error.validation');
    // A route's own 400 keys are kept beside it.
    expect(doc.paths['/api/q/{token}/answers']!.put!.responses['400']!.description).toContain('error.questionnaire.invalid_answer');
  });
});
