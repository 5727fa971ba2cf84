// GET, POST and DELETE /api/sso/scim/token: the account's SCIM token for its directory (docs/decisions/0047). The
// account admin who manages the account's users (BQ_ADMIN/BQ_USER), session only, like the second-factor settings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZIssueScimTokenResponse, ZScimTokenStatus, type TScimTokenStatus } from '@bq/contracts/scim';
import { ZOkResponse } from '@bq/contracts/auth';
import { apiErrors } from '../../plugins/openapi';
import { issueScimToken, revokeScimToken, scimTokenOf, type ScimTokenRow } from './scim-token-service';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required', 'error.two_factor.enrolment_required'];
const READ = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'READ' } } as const;
const UPDATE = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'UPDATE' } } as const;

export const SCIM_BASE_PATH = '/scim/v2';

function statusOf(request: FastifyRequest, row: ScimTokenRow | null): TScimTokenStatus {
  const origin = request.server.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
  return {
    exists: row !== null,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
    baseUrl: `${origin}${SCIM_BASE_PATH}`,
  };
}

export const scimTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sso/scim/token',
    {
      config: { ...READ, audit: false },
      schema: {
        operationId: 'getScimTokenStatus',
        tags: ['scim'],
        description: "Whether the account has a SCIM token, when it was issued and last used, and the SCIM base URL. Never the token.",
        response: { 200: ZScimTokenStatus, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      return statusOf(request, await scimTokenOf(app.db, request.auth.accountId));
    },
  );

  app.post(
    '/api/sso/scim/token',
    {
      config: { ...UPDATE, stepUp: true, audit: { action: 'scim.token_issue' } },
      schema: {
        operationId: 'issueScimToken',
        tags: ['scim'],
        description:
          'Issues the bearer token the directory (Entra ID, Okta) sends to /scim/v2. It is in this answer only and stored ' +
          'hashed; a new token replaces the previous one at once.',
        response: { 201: ZIssueScimTokenResponse, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request, reply) => {
      const { token, row } = await issueScimToken(app.db, request.auth);

      reply.code(201);
      return { ...statusOf(request, row), token };
    },
  );

  app.delete(
    '/api/sso/scim/token',
    {
      config: { ...UPDATE, audit: { action: 'scim.token_revoke' } },
      schema: {
        operationId: 'revokeScimToken',
        tags: ['scim'],
        description: "Revokes the account's SCIM token: the directory's next call is refused (401). 404 when there is none.",
        response: { 200: ZOkResponse, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) },
      },
    },
    async (request) => {
      await revokeScimToken(app.db, request.auth.accountId);
      return { ok: true as const };
    },
  );
};
