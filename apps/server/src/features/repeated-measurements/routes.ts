// Repeated measurements (docs/decisions/0020): POST/GET /api/admin/repeated_measurement (create, list campaigns),
// POST /api/admin/repeated_measurement/{id}/interaction (add a participant), GET /api/repeated_measurement/{id}/
// participants?showOnlyCompleted, GET /api/{product}/participant/me and the CSV export. The permission depends on
// the campaign's product (its realm), so the services check it; the entity/action is named on each route.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAddParticipantRequest,
  ZAddParticipantResponse,
  ZCreateRepeatedMeasurementRequest,
  ZCsvExportQuery,
  ZParticipantMe,
  ZParticipantMeQuery,
  ZParticipantsQuery,
  ZParticipantsResponse,
  ZRepeatedMeasurement,
  ZRepeatedMeasurementList,
  ZRepeatedMeasurementListQuery,
} from '@bq/contracts/repeated-measurements';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES } from '@bq/domain/product-types';
import { ZAlreadyOpenDetails } from '@bq/contracts/instances';
import { ZApiError } from '@bq/contracts/errors';
import { apiErrors } from '../../plugins/openapi';
import { queueInvitationMail } from '../mail/send-invitation';
import { contentDisposition } from '../reports/report-pdf';
import { createCampaign, listCampaigns } from './campaigns';
import { exportCampaignCsv } from './csv-export';
import { participantMe } from './participant-me';
import { addParticipant, listParticipants } from './participants';
import { created, filterOf, rowsOf } from '../audit/declare';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden'];
const NOT_FOUND = ['error.not_found'];
const ZIdParams = z.object({ id: z.uuid() });
/** A refused add; error.interaction.already_open carries the open questionnaire in details (docs/decisions/0084). */
const ZAddConflict = ZApiError.extend({ details: ZAlreadyOpenDetails.optional() }).describe(
  'errorKey: error.repeated_measurement.open_measurement | error.interaction.already_open | error.client.inactive',
);

export const repeatedMeasurementRoutes: FastifyPluginAsyncZod = async (app) => {
  // Permission: INTERACTION_INSTANCE/CREATE in the product's realm.
  app.post(
    '/api/admin/repeated_measurement',
    {
      config: { audit: { action: 'repeated_measurement.create' }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'CREATE', product: { configurationId: 'body.productConfigurationId' } } },
      schema: {
        operationId: 'createRepeatedMeasurement',
        tags: ['repeated measurements'],
        body: ZCreateRepeatedMeasurementRequest,
        response: { 201: ZRepeatedMeasurement, ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND }) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createCampaign(app.db, request.auth, request.product, request.body);
    },
  );

  // Permission: INTERACTION_INSTANCE/READ in the product's realm.
  app.get(
    '/api/admin/repeated_measurement',
    {
      config: { audit: false, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'READ', product: { configurationId: 'query.productConfigurationId' } } },
      schema: {
        operationId: 'listRepeatedMeasurements',
        tags: ['repeated measurements'],
        querystring: ZRepeatedMeasurementListQuery,
        response: { 200: ZRepeatedMeasurementList, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => listCampaigns(app.db, request.auth, request.product),
  );

  // Permission: INTERACTION_INSTANCE/CREATE in the product's realm.
  app.post(
    '/api/admin/repeated_measurement/:id/interaction',
    {
      config: { audit: { action: 'repeated_measurement.participant_add', subject: { client: 'body.userToken' }, answer: created('result', 'instanceToken') }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'CREATE' } },
      schema: {
        operationId: 'addRepeatedMeasurementParticipant',
        tags: ['repeated measurements'],
        description:
          "Adds a participant: a new measurement, i.e. an instance of the campaign's interaction for the client (userToken). " +
          'Refused (409 error.repeated_measurement.open_measurement) while their last measurement of this campaign is open. ' +
          'A client with an open questionnaire of the product sent outside the campaign gets no second one unless ' +
          'allowSecondOpen is true: 409 error.interaction.already_open, whose details name the open one (token, sent, expires, status).',
        params: ZIdParams,
        body: ZAddParticipantRequest,
        response: {
          201: ZAddParticipantResponse,
          ...apiErrors({
            400: BAD_INPUT,
            401: UNAUTHORIZED,
            403: [...FORBIDDEN, 'error.interaction.limit_reached'],
            404: NOT_FOUND,
          }),
          409: ZAddConflict,
        },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const added = await addParticipant(app.db, auth, request.params.id, request.body, (tx, row) =>
        queueInvitationMail(tx, app.queue, app.config, row, auth.userId, new Date()),
      );
      reply.code(201);
      return added;
    },
  );

  // Permission: INDIVIDUAL_RESULTS/READ in the product's realm.
  app.get(
    '/api/repeated_measurement/:id/participants',
    {
      config: { audit: { action: 'repeated_measurement.participants_list', details: filterOf, answer: rowsOf() }, productPermission: { entity: 'INDIVIDUAL_RESULTS', action: 'READ' } },
      schema: {
        operationId: 'listRepeatedMeasurementParticipants',
        tags: ['repeated measurements'],
        description: 'Participants with their measurements and, per dimension, the change between the first and the latest finished one with its reliable change index (real when |RCI| > 1.96). showOnlyCompleted (or showOnlyCompleted=true) lists only participants whose latest measurement has its results.',
        params: ZIdParams,
        querystring: ZParticipantsQuery.extend({ locale: z.enum(LOCALES).optional() }),
        response: { 200: ZParticipantsResponse, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => {
      const { showOnlyCompleted, locale } = request.query;
      return listParticipants(app.db, request.auth, request.params.id, { showOnlyCompleted, ...(locale ? { locale } : {}) });
    },
  );

  app.get(
    '/api/:product/participant/me',
    {
      // The instance token is the participant's credential (docs/decisions/0020).
      config: {
        audit: { action: 'participant.results_view', subject: { result: 'query.instanceToken' } },
        public: true,
        rateLimit: { perMinute: 60, perToken: 'query.instanceToken' },
      },
      schema: {
        operationId: 'getParticipantMe',
        tags: ['repeated measurements'],
        description: "A participant's own measurements in the product's campaigns, identified by the instance token of one of their questionnaires.",
        params: z.object({ product: z.enum(PRODUCT_TYPES) }),
        querystring: ZParticipantMeQuery,
        response: { 200: ZParticipantMe, ...apiErrors({ 400: ['error.validation'], 404: NOT_FOUND }) },
      },
    },
    async (request) => participantMe(app.db, request.params.product, request.query.instanceToken, request.query.locale),
  );

  // Permission: INDIVIDUAL_EXPORT/READ in the product's realm.
  app.get(
    '/api/v1/export/user/repeated_measurement/:id/csv',
    {
      config: { audit: { action: 'export.repeated_measurement_csv', timing: 'before-answer', details: (r) => ({ repeatedMeasurementId: (r.params as { id?: string }).id }) }, productPermission: { entity: 'INDIVIDUAL_EXPORT', action: 'READ' } },
      schema: {
        operationId: 'exportRepeatedMeasurementCsv',
        tags: ['repeated measurements'],
        description: 'Every measurement of the campaign as CSV (UTF-8 with BOM), streamed. EN_US and EN_UK: "," and a decimal point; DE_DE: ";" and a decimal comma. The file name is in Content-Disposition.',
        params: ZIdParams,
        querystring: ZCsvExportQuery,
        response: { 200: z.any().describe('text/csv'), ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request, reply) => {
      const csv = await exportCampaignCsv(app.db, request.auth, request.params.id, request.query.locale);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', csv.fileName))
        .send(csv.stream);
    },
  );
};
