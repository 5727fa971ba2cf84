// An account's public start links (issue 38 point 5, docs/decisions/0092): GET and POST /api/account/public-links, PUT
// and DELETE /api/account/public-links/{publicId}. The account admin who manages the account's users and its
// branding manages them too (BQ_ADMIN/BQ_USER): a link brings new clients in under the firm's name.
// GET and PUT /api/account/public-link-settings: the account's switch for all its links at once (0092 addendum).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOkResponse } from '@bq/contracts/auth';
import { PUBLIC_LINK_ERRORS, ZCreatePublicLinkRequest, ZPublicLink, ZPublicLinkList, ZPublicLinkParams, ZPublicLinkSettings, ZUpdatePublicLinkRequest } from '@bq/contracts/public-links';
import { apiErrors } from '../../plugins/openapi';
import { STEP_UP_REQUIRED } from '../step-up/step-up-rule';
import { publicLinkSettings, setPublicLinksEnabled } from './account-switch';
import { createPublicLink, deletePublicLink, listPublicLinks, updatePublicLink } from './link-service';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required', 'error.two_factor.enrolment_required'];
const permission = (action: 'READ' | 'UPDATE') => ({ realm: 'BQ_ADMIN', entity: 'BQ_USER', action }) as const;
const BAD_BODY = ['error.validation', 'error.request.malformed_json'];
const linkOf = (r: { params: unknown }) => ({ publicId: (r.params as { publicId?: string }).publicId });

export const publicLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public-links'];

  app.get(
    '/api/account/public-links',
    {
      config: { audit: false, permission: permission('READ') },
      schema: { operationId: 'listPublicLinks', tags, response: { 200: ZPublicLinkList, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) } },
    },
    async (request) => ({ links: await listPublicLinks(app.db, app.config, request.auth.accountId) }),
  );

  app.post(
    '/api/account/public-links',
    {
      config: { audit: { action: 'public_link.create', answer: (b) => ({ details: { publicId: (b as { publicId?: string }).publicId } }) }, permission: permission('UPDATE') },
      schema: {
        operationId: 'createPublicLink',
        tags,
        description:
          'A start link for the product configuration: /start/{publicId} lets a visitor read the privacy notice, leave name and ' +
          'e-mail and, once the address is confirmed, answer the questionnaire as a new client marked as a lead (group PROSPECT). ' +
          'A self-service account whose user has not verified their own address yet is refused, as when sending a questionnaire.',
        body: ZCreatePublicLinkRequest,
        response: { 201: ZPublicLink, ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: [...FORBIDDEN, 'error.email_verification.required'], 404: ['error.not_found'], 409: [PUBLIC_LINK_ERRORS.limitReached] }) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createPublicLink(app.db, app.config, request.auth, request.body.productConfigurationId);
    },
  );

  app.put(
    '/api/account/public-links/:publicId',
    {
      config: { audit: { action: 'public_link.update', details: (r) => ({ ...linkOf(r), fields: Object.keys(r.body as object) }) }, permission: permission('UPDATE') },
      schema: {
        operationId: 'updatePublicLink',
        tags,
        description: '`active: false` switches the link off (its page and every pending verification link answer 404); `embedOrigins` lists the https origins whose pages may frame it.',
        params: ZPublicLinkParams,
        body: ZUpdatePublicLinkRequest,
        response: { 200: ZPublicLink, ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) },
      },
    },
    async (request) => updatePublicLink(app.db, app.config, request.auth.accountId, request.params.publicId, request.body),
  );

  app.delete(
    '/api/account/public-links/:publicId',
    {
      config: { audit: { action: 'public_link.delete', details: linkOf }, permission: permission('UPDATE') },
      schema: { operationId: 'deletePublicLink', tags, params: ZPublicLinkParams, response: { 200: ZOkResponse, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) } },
    },
    async (request) => {
      await deletePublicLink(app.db, request.auth.accountId, request.params.publicId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/account/public-link-settings',
    {
      config: { audit: false, permission: permission('READ') },
      schema: { operationId: 'getPublicLinkSettings', tags, response: { 200: ZPublicLinkSettings, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) } },
    },
    async (request) => publicLinkSettings(app.db, request.auth.accountId),
  );

  app.put(
    '/api/account/public-link-settings',
    {
      // As the account's other settings that open or close it to the outside (security, sender, webhooks): a session
      // of an admin, who proves their second factor again if they have one (0092 addendum).
      config: { audit: { action: 'public_link.settings_update', details: (r) => ({ ...(r.body as object) }) }, permission: permission('UPDATE'), sessionOnly: true, stepUp: true },
      schema: {
        operationId: 'updatePublicLinkSettings',
        tags,
        description:
          '`enabled: false` switches every start link of the account off at once: each page, start and pending verification ' +
          'link answers 404 as an unknown link, while the links and their settings stay; `true` restores them. A step-up route.',
        body: ZPublicLinkSettings,
        response: { 200: ZPublicLinkSettings, ...apiErrors({ 400: BAD_BODY, 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED] }) },
      },
    },
    async (request) => setPublicLinksEnabled(app.db, request.auth.accountId, request.body.enabled),
  );
};
