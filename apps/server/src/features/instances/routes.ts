// POST /api/instance (send an interaction), GET /api/instance/{token}, PATCH /api/instance/{token}/auto_sends,
// DELETE /api/interaction/instance/{token}; and what the account can send: GET /api/interactions, GET /api/qi,
// the BQ_INTERACTION_COUNT limit and GET /api/instances?interactionId=.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAccountInteraction,
  ZAlreadyOpenDetails,
  ZAutoSendsRequest,
  ZCreateInstanceRequest,
  ZInstance,
  ZInstanceListItem,
  ZInstanceListQuery,
  ZInvite,
} from '@bq/contracts/instances';
import { ZResourceLimit } from '@bq/contracts/clients';
import { ZInteractionPreview } from '@bq/contracts/questionnaire';
import { ERROR_KEYS, ZApiError } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import { getInteractionDefinition } from '../interactions/definitions';
import { definitionTexts, publicInteraction } from '../questionnaire/questionnaire-service';
import { getCurrentUser } from '../user/user-service';
import { configurationForInteraction, interactionLimit, listAccountInteractions, listInstancesOfInteraction } from './interactions';
import { apiErrors } from '../../plugins/openapi';
import { createInstance, deleteInstance, getInstance, updateAutoSends } from './instance-service';
import { queueInvitationMail } from '../mail/send-invitation';
import { queueAutoReport } from '../reports/report-mail';
import { buildInvite } from './invite';
import { created, fieldsOf, filterOf, rowsOf } from '../audit/declare';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden'];
const NOT_FOUND = ['error.not_found'];
const ZTokenParams = z.object({ token: z.string().min(1).max(100) });
/** A refused send; error.interaction.already_open carries the open questionnaire in details (docs/decisions/0084). */
const ZSendConflict = ZApiError.extend({ details: ZAlreadyOpenDetails.optional() }).describe(
  'errorKey: error.interaction.already_open | error.client.inactive | error.data_rights.already_erased | error.review.no_previous_result',
);

export const instanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/instance',
    {
      config: { audit: { action: 'interaction.create', subject: { client: 'body.clientToken' }, answer: created('result') }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'CREATE', product: { configurationId: 'body.productConfigurationId' } } },
      schema: {
        operationId: 'createInstance',
        tags: ['instances'],
        description:
          'Sends the product\'s questionnaire to one client. A client who already has an open one of this product (not answered, ' +
          'not expired) gets no second unless allowSecondOpen is true: 409 error.interaction.already_open, whose details name the ' +
          'open questionnaire (token, sent, expires, status).',
        body: ZCreateInstanceRequest,
        response: {
          201: ZInstance,
          ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: [...FORBIDDEN, 'error.interaction.limit_reached'], 404: NOT_FOUND }),
          409: ZSendConflict,
        },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const instance = await createInstance(app.db, auth, request.product, request.body, (tx, row) =>
        queueInvitationMail(tx, app.queue, app.config, row, auth.userId, new Date()),
      );
      reply.code(201);
      return instance;
    },
  );

  app.get(
    '/api/instance/:token',
    {
      config: { audit: { action: 'interaction.view', subject: { result: 'params.token' } }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'READ' } },
      schema: {
        operationId: 'getInstance',
        tags: ['instances'],
        params: ZTokenParams,
        response: { 200: ZInstance, ...apiErrors({ 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => getInstance(app.db, request.auth, request.params.token),
  );

  app.get(
    '/api/instance/:token/invite',
    {
      config: { audit: { action: 'interaction.invitation_view', subject: { result: 'params.token' } }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'READ' } },
      schema: {
        operationId: 'getInvite',
        tags: ['instances'],
        params: ZTokenParams,
        response: { 200: ZInvite, ...apiErrors({ 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => buildInvite(app.db, app.config, request.auth, request.params.token),
  );

  app.patch(
    '/api/instance/:token/auto_sends',
    {
      config: { audit: { action: 'interaction.update', subject: { result: 'params.token' }, details: fieldsOf }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'UPDATE' } },
      schema: {
        operationId: 'updateAutoSends',
        tags: ['instances'],
        params: ZTokenParams,
        body: ZAutoSendsRequest,
        response: { 200: ZInstance, ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND, 409: ['error.data_rights.already_erased'] }) },
      },
    },
    async (request) =>
      updateAutoSends(app.db, request.auth, request.params.token, request.body, (tx, instanceId) =>
        queueAutoReport(tx, app.queue, app.config, instanceId),
      ),
  );

  app.delete(
    '/api/interaction/instance/:token',
    {
      config: { audit: { action: 'interaction.delete', subject: { result: 'params.token' } }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'DELETE' } },
      schema: {
        operationId: 'deleteInstance',
        tags: ['instances'],
        params: ZTokenParams,
        response: { 204: z.null(), ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND, 409: ['error.interaction.in_progress'] }) },
      },
    },
    async (request, reply) => {
      await deleteInstance(app.db, request.auth, request.params.token);
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/api/interactions',
    {
      config: { audit: false, signedIn: true },
      schema: {
        operationId: 'listAccountInteractions',
        tags: ['instances'],
        response: { 200: z.array(ZAccountInteraction), ...apiErrors({ 401: UNAUTHORIZED }) },
      },
    },
    async (request) => listAccountInteractions(app.db, request.auth),
  );

  app.get(
    '/api/qi',
    {
      config: { audit: false, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'READ' } },
      schema: {
        operationId: 'previewInteraction',
        tags: ['instances'],
        querystring: z.object({ interactionId: z.string().min(1).max(100) }),
        response: { 200: ZInteractionPreview, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 404: NOT_FOUND }) },
      },
    },
    async (request) => {
      const auth = request.auth;
      await configurationForInteraction(app.db, auth, request.query.interactionId);
      const definition = getInteractionDefinition(request.query.interactionId)!;
      const user = await getCurrentUser(app.db, auth.userId);
      return {
        interaction: publicInteraction(definition),
        dimensions: definition.dimensions.map((d) => ({ key: d.key, nameKey: d.nameKey, descriptionKey: d.descriptionKey })),
        texts: await definitionTexts(app.db, definition, user.locale),
      };
    },
  );

  app.get(
    '/api/admin/user/:id/resource_limit/BQ_INTERACTION_COUNT/:interaction/available',
    {
      config: { audit: false, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'READ' } },
      schema: {
        operationId: 'getInteractionCountLimit',
        tags: ['instances'],
        params: z.object({ id: z.string().max(100), interaction: z.string().min(1).max(100) }),
        response: { 200: ZResourceLimit, ...apiErrors({ 401: UNAUTHORIZED, 404: NOT_FOUND }) },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (request.params.id !== auth.userId) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
      const config = await configurationForInteraction(app.db, auth, request.params.interaction);
      return interactionLimit(app.db, config.id, config.maxInstances);
    },
  );

  app.get(
    '/api/instances',
    {
      config: { audit: { action: 'interaction.list', details: filterOf, answer: rowsOf() }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'READ' } },
      schema: {
        operationId: 'listInstancesOfInteraction',
        tags: ['instances'],
        querystring: ZInstanceListQuery,
        response: { 200: z.array(ZInstanceListItem), ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 404: NOT_FOUND }) },
      },
    },
    async (request) => listInstancesOfInteraction(app.db, request.auth, request.query.interactionId),
  );
};
