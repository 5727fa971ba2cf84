// GET and PUT /api/account/retention (the account's retention periods) and GET /api/account/retention/preview (what
// the daily job removes in the next 30 days). For the account admin (BQ_ADMIN/ALL), session only like the account's
// security settings (docs/decisions/0044).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRetentionPreview, ZRetentionResponse, ZRetentionSettings } from '@bq/contracts/retention';
import { apiErrors } from '../../plugins/openapi';
import { noteEdit } from '../audit/audit-note';
import { retentionPreview } from './retention-preview';
import { retentionSettings, toRetentionResponse, updateRetentionSettings } from './retention-settings';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required', 'error.two_factor.enrolment_required'];
const BAD_BODY = ['error.validation', 'error.request.malformed_json'];
const READ = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'ALL', action: 'READ' } } as const;
const UPDATE = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'ALL', action: 'UPDATE' } } as const;

export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/retention',
    {
      config: { ...READ, audit: false },
      schema: {
        operationId: 'getAccountRetention',
        tags: ['retention'],
        description:
          "The account's retention periods: advisory results and evidence 5 or 7 years after the client relationship ends, " +
          'selection and performance data 1-36 months after the campaign or result (default 6), and the fixed periods of ' +
          'mails (90 days) and audit events (7 years).',
        response: { 200: ZRetentionResponse, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      return toRetentionResponse(await retentionSettings(app.db, request.auth.accountId));
    },
  );

  app.put(
    '/api/account/retention',
    {
      config: { ...UPDATE, stepUp: true, audit: { action: 'account.retention_update' } },
      schema: {
        operationId: 'updateAccountRetention',
        tags: ['retention'],
        description:
          'Sets the advisory period (5 or 7 years; never less than 5) and the selection and performance period (1-36 months). ' +
          'The daily retention job applies them from its next run; the change is recorded in the audit trail with the old and new values.',
        body: ZRetentionSettings,
        response: { 200: ZRetentionResponse, ...apiErrors({ 400: BAD_BODY, 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      const auth = request.auth;
      return app.db.transaction(async (tx) => {
        const { before, after } = await updateRetentionSettings(tx, auth, request.body);
        const changed = (['advisoryYears', 'selectionMonths'] as const)
          .filter((field) => before[field] !== after[field])
          .map((field) => ({ field, old: String(before[field]), new: String(after[field]) }));
        noteEdit(request, changed);
        return after;
      });
    },
  );

  app.get(
    '/api/account/retention/preview',
    {
      config: { ...READ, audit: false },
      schema: {
        operationId: 'previewAccountRetention',
        tags: ['retention'],
        description:
          'What the daily retention job removes within the next 30 days under the saved settings, counted per data class ' +
          '(never names), and how many audit events are past the fixed 7 years.',
        response: { 200: ZRetentionPreview, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      return retentionPreview(app.db, request.auth.accountId);
    },
  );
};
