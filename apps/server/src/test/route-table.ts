// The app's route table as tests see it: every /api route collected through buildApp's onRoute hook, its zod
// schemas as JSON Schema, and plausible sample values for them. Shared by the access matrix and the fuzz test,
// so both cover every route any feature registers.
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
};

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: Method;
  url: string;
  route: RouteOptions;
  params: JsonSchema | null;
  query: JsonSchema | null;
  body: JsonSchema | null;
  paramNames: string[];
}

/** The schema with every "$ref": "#/$defs/X" replaced by X itself (schemas with a meta id are emitted as refs). */
function inlineRefs(node: unknown, defs: Record<string, unknown>, depth = 0): unknown {
  if (depth > 30 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => inlineRefs(n, defs, depth + 1));
  const ref = (node as { $ref?: string }).$ref;
  if (ref?.startsWith('#/$defs/')) return inlineRefs(defs[ref.slice('#/$defs/'.length)], defs, depth + 1);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inlineRefs(v, defs, depth + 1)]));
}

export function toJsonSchema(schema: unknown): JsonSchema | null {
  if (!schema) return null;
  if (!(schema instanceof z.ZodType)) return schema as JsonSchema;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema & { $defs?: Record<string, unknown> };
  return inlineRefs(json, json.$defs ?? {}) as JsonSchema;
}

/** Every /api route (one entry per method; HEAD and OPTIONS left out), API docs excluded. */
export function apiRoutes(routes: RouteOptions[]): ApiRoute[] {
  return routes
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .flatMap((route) => {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS') as Method[];
      const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
      return methods.map((method) => ({
        method,
        url: route.url,
        route,
        params: toJsonSchema(schema.params),
        query: toJsonSchema(schema.querystring),
        body: toJsonSchema(schema.body),
        paramNames: [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
      }));
    });
}

/** A plausible value for a schema; `known` supplies values by property name (real ids of a test account). */
export function sample(schema: JsonSchema | null | undefined, known: Record<string, unknown> = {}, name?: string): unknown {
  if (name !== undefined && known[name] !== undefined) return known[name];
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative) return sample(alternative.find((s) => s.type !== 'null') ?? alternative[0], known, name);
  if (schema.allOf) return sample(schema.allOf[0], known, name);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value, known, key);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items, known));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return '2027-01-01T00:00:00.000Z';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    default:
      return 'x';
  }
}

/** The route's path with its parameters filled in and the query appended (values URL-encoded). */
export function buildUrl(url: string, params: Record<string, unknown>, query: Record<string, unknown> = {}): string {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) => encodeURIComponent(String(params[n] ?? 'x')));
  const search = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(Array.isArray(v) ? String(v[0]) : typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}
