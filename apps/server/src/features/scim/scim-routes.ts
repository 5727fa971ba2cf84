// SCIM 2.0 (RFC 7644) for the company's directory, under /scim/v2 (docs/decisions/0047): Users (list with filter and
// paging, create, read, replace, patch, delete) and the discovery documents. Outside /api: the session and API
// credential check of plugins/auth.ts does not apply; the account's SCIM token is the credential (ownAuthorization),
// checked here on every route, and a user of another account is "not found" like a missing one, as is a user of this
// account that SCIM does not manage (its admins, its break-glass admin, users it neither provisioned nor has the
// domain of: scim-scope.ts, docs/decisions/0062).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZScimError, ZScimListQuery, ZScimListResponse, ZScimPatchOp, ZScimUser, ZScimUserIdParams } from '@bq/contracts/scim';
import { SCIM_BASE_PATH } from './token-routes';
import { checkScimToken, normalisePatch, normaliseUser, plain, SCIM_CONTENT_TYPE, sendScimError } from './scim-request';
import { setUpScimmy, SCIMMY, type ScimContext } from './scimmy-setup';
import { scimError } from './scim-error';
import { noteAudit } from '../audit/audit-note';

/**
 * SCIM's error format on every status; every call may answer 400 (the input guard refuses control characters in any
 * input, and bodies and filters are checked), so each documents it with its keys.
 */
const SCIM_400 = ZScimError.describe(
  'detail starts with: error.validation | error.scim.invalid_filter | error.scim.invalid_value | error.scim.invalid_syntax | error.scim.invalid_request | ' +
    'error.scim.user_name_not_email | error.scim.user_name_outside_domains (PUT/PATCH: a new userName outside the account\'s confirmed domains)',
);
const errors = (...statuses: number[]) => ({ 400: SCIM_400, ...Object.fromEntries(statuses.filter((s) => s !== 400).map((s) => [s, ZScimError])) });
const security = [{ scimToken: [] }];
const OWN = { ownAuthorization: true } as const;
const idDetails = (request: { params: unknown }) => ({ userId: (request.params as { id?: string }).id });
/** Reading the directory's view of the account's users touches no client data: no event, as for other settings reads. */
const READ_AUDIT = false;

export const scimRoutes: FastifyPluginAsyncZod = async (app) => {
  setUpScimmy(`${app.config.PUBLIC_URL?.replace(/\/$/, '') ?? ''}${SCIM_BASE_PATH}`);
  app.decorateRequest('scimAccountId', null);
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.setErrorHandler(sendScimError);
  app.setNotFoundHandler((request, reply) => sendScimError(scimError(404, undefined, 'error.not_found', 'Not found') as never, request, reply));
  app.addHook('onRequest', checkScimToken);
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.type(SCIM_CONTENT_TYPE);
    // A write may have ended sessions: this process's session cache forgets the account's at once (plugins/auth.ts).
    if (request.method !== 'GET' && request.scimAccountId) app.sessionCache.accountChanged(request.scimAccountId);
    return payload;
  });

  const ctxOf = (request: { server: typeof app; scimAccountId: string | null }): ScimContext => ({
    db: app.db,
    env: { queue: app.queue, config: app.config },
    accountId: request.scimAccountId!,
    outcome: {},
  });
  /** The outcome in the audit event; an unexpected failure thrown as itself, so it is logged with its cause. */
  const settle = (request: Parameters<typeof noteAudit>[0], ctx: ScimContext) => {
    if (ctx.failure) throw ctx.failure;
    noteAudit(request, { ...ctx.outcome });
  };

  app.get(
    '/Users',
    {
      config: { ...OWN, audit: READ_AUDIT },
      schema: {
        operationId: 'scimListUsers',
        tags: ['scim'],
        security,
        description:
          "SCIM: the account's users SCIM manages (those it provisioned and those of the account's confirmed domains, never an " +
          'account admin or the break-glass admin), filtered (e.g. `userName eq "ada@example.com"`) and paged (startIndex, count).',
        querystring: ZScimListQuery,
        response: { 200: ZScimListResponse, ...errors(400, 401) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const list = await new SCIMMY.Resources.User({ ...request.query } as never).read(ctx);
      if (ctx.failure) throw ctx.failure;
      return plain(list) as never;
    },
  );

  app.post(
    '/Users',
    {
      config: { ...OWN, audit: { action: 'scim.user_provision' } },
      schema: {
        operationId: 'scimCreateUser',
        tags: ['scim'],
        security,
        description:
          "SCIM: creates an evaluator with userName as the e-mail address and an everyday evaluator's permissions (no " +
          'administration). 409 uniqueness when the address is taken.',
        body: ZScimUser,
        response: { 201: ZScimUser, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const created = await new SCIMMY.Resources.User().write(normaliseUser(request.body) as object, ctx);
      settle(request, ctx);
      reply.code(201).header('location', `${SCIM_BASE_PATH}/Users/${ctx.outcome.userId}`);
      return plain(created);
    },
  );

  app.get(
    '/Users/:id',
    {
      config: { ...OWN, audit: READ_AUDIT },
      schema: {
        operationId: 'scimGetUser',
        tags: ['scim'],
        security,
        description: 'SCIM: one user SCIM manages; any other user is 404, like a missing one.',
        params: ZScimUserIdParams,
        response: { 200: ZScimUser, ...errors(401, 404) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const user = await new SCIMMY.Resources.User(request.params.id).read(ctx);
      if (ctx.failure) throw ctx.failure;
      return plain(user);
    },
  );

  app.put(
    '/Users/:id',
    {
      config: { ...OWN, audit: { action: 'scim.user_update', details: idDetails } },
      schema: {
        operationId: 'scimReplaceUser',
        tags: ['scim'],
        security,
        description:
          "SCIM: replaces the user's attributes. `active: false` deactivates: sessions end, API credentials are revoked at once. " +
          "A new userName must be of the account's confirmed domains (else 400 error.scim.user_name_outside_domains); it " +
          'counts as unverified, the sessions end and the old address gets a notice.',
        params: ZScimUserIdParams,
        body: ZScimUser,
        response: { 200: ZScimUser, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const user = await new SCIMMY.Resources.User(request.params.id).write(normaliseUser(request.body) as object, ctx);
      settle(request, ctx);
      return plain(user);
    },
  );

  app.patch(
    '/Users/:id',
    {
      config: { ...OWN, audit: { action: 'scim.user_update', details: idDetails } },
      schema: {
        operationId: 'scimPatchUser',
        tags: ['scim'],
        security,
        description:
          'SCIM PatchOp: add, replace or remove attributes (any case of op; active may be "True"/"False"). `active` false ' +
          'deactivates at once (sessions end, API credentials are revoked); true reactivates. A new userName as for PUT.',
        params: ZScimUserIdParams,
        body: ZScimPatchOp,
        response: { 200: ZScimUser, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const resource = new SCIMMY.Resources.User(request.params.id);
      // scimmy answers nothing when the operations changed nothing: the user as it is then.
      const user = (await resource.patch(normalisePatch(request.body) as never, ctx)) ?? (await resource.read(ctx));
      settle(request, ctx);
      return plain(user);
    },
  );

  app.delete(
    '/Users/:id',
    {
      config: { ...OWN, audit: { action: 'scim.user_deactivate', details: idDetails } },
      schema: {
        operationId: 'scimDeleteUser',
        tags: ['scim'],
        security,
        description: 'SCIM: the user is deactivated at once (sessions end, API credentials are revoked) and no longer found by SCIM; their results stay.',
        params: ZScimUserIdParams,
        response: { 204: z.null().describe('Deleted'), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      await new SCIMMY.Resources.User(request.params.id).dispose(ctx);
      settle(request, ctx);
      reply.code(204);
      return null;
    },
  );

  const discovery = [
    ['/ServiceProviderConfig', 'scimServiceProviderConfig', () => new SCIMMY.Resources.ServiceProviderConfig().read()],
    ['/ResourceTypes', 'scimResourceTypes', () => new SCIMMY.Resources.ResourceType().read()],
    ['/Schemas', 'scimSchemas', () => new SCIMMY.Resources.Schema().read()],
  ] as const;
  for (const [path, operationId, read] of discovery) {
    app.get(
      path,
      {
        config: { ...OWN, audit: false },
        schema: { operationId, tags: ['scim'], security, description: `SCIM discovery: ${path.slice(1)} (RFC 7644 section 4).`, response: { 200: z.looseObject({}), ...errors(401) } },
      },
      async () => plain(await read()),
    );
  }
  app.get(
    '/ResourceTypes/:id',
    { config: { ...OWN, audit: false }, schema: { operationId: 'scimResourceType', tags: ['scim'], security, params: ZScimUserIdParams, response: { 200: z.looseObject({}), ...errors(401, 404) } } },
    async (request) => plain(await new SCIMMY.Resources.ResourceType(request.params.id).read()),
  );
  app.get(
    '/Schemas/:id',
    { config: { ...OWN, audit: false }, schema: { operationId: 'scimSchema', tags: ['scim'], security, params: ZScimUserIdParams, response: { 200: z.looseObject({}), ...errors(401, 404) } } },
    async (request) => plain(await new SCIMMY.Resources.Schema(request.params.id).read()),
  );
};
