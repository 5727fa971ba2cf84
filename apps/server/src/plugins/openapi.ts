// OpenAPI 3 document generated from the routes' zod schemas: /api/docs (UI) and /api/docs/json.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@bq/contracts/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The documented body of a route that reads its body itself (a multipart upload): shown in the OpenAPI document
     * only, never used to validate (the route's own parser does, with stable errorKeys).
     */
    openapiBody?: { contentType: string; schema: z.ZodType };
  }
}

/**
 * Error responses of a route for the OpenAPI document: every one is an ApiError; the description lists the
 * errorKeys the route can answer with for that status (kept a plain string in the schema, so an error the
 * list forgot still reaches the client instead of failing serialisation).
 */
export function apiErrors<const S extends number>(keys: Record<S, readonly string[]>): Record<S, typeof ZApiError> {
  return Object.fromEntries(
    Object.entries(keys).map(([status, list]) => [status, ZApiError.describe(`errorKey: ${(list as string[]).join(' | ')}`)]),
  ) as Record<S, typeof ZApiError>;
}

export default fp(async function openapiPlugin(app: FastifyInstance, opts: { version: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'BQ Advisory Platform API',
        version: opts.version,
        description:
          'Every error response is JSON `{ errorKey, message, reqId, fields?, details? }` (details: what a refusal names, e.g. the open questionnaire of `error.interaction.already_open`). Cookie-authenticated requests that ' +
          'change state must send `X-Source: web`. A repeated GET of the signed-in user, a dashboard, the client list or ' +
          'a report may be answered from the server\'s memory (header `X-Response-Cache: hit`) while none of the data it ' +
          'shows has changed; send `Cache-Control: no-cache` to have it computed afresh. When the account requires a ' +
          'second factor the user has not set up and the grace period is over, a session gets 403 ' +
          '`error.two_factor.enrolment_required` from every call except the current user and the TOTP enrolment.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'bq_session' },
          // An API credential from /settings/api: `Authorization: Bearer bqk_...` (docs/decisions/0025).
          apiCredential: { type: 'http', scheme: 'bearer' },
          // The account's SCIM token, for /scim/v2 only (docs/decisions/0047).
          scimToken: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { apiCredential: [] }],
    },
    // Routes reachable without signing in (config.public, webhooks) say so: `security: []` overrides the default above.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const config = input.route.config as { public?: boolean; webhook?: boolean; openapiBody?: { contentType: string; schema: z.ZodType } } | undefined;
      const body = config?.openapiBody;
      const documented = body
        ? { ...out, schema: { ...out.schema, consumes: [body.contentType], body: z.toJSONSchema(body.schema, { io: 'input', target: 'openapi-3.0' }) } }
        : out;
      return config?.public || config?.webhook ? { ...documented, schema: { ...documented.schema, security: [] } } : documented;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
