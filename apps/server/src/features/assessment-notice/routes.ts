// GET and PUT /api/account/assessment-notice: the account's contact and own text in the notice before a
// selection, performance or self-assessment questionnaire (docs/decisions/0053). For the account admin
// (BQ_ADMIN/ALL), session only like the account's retention settings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAssessmentNoticeSettings, ZAssessmentNoticeSettingsResponse } from '@bq/contracts/assessment-notice';
import { apiErrors } from '../../plugins/openapi';
import { noteEdit } from '../audit/audit-note';
import { assessmentNoticeSettings, updateAssessmentNoticeSettings } from './assessment-notice-service';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required', 'error.two_factor.enrolment_required'];
const READ = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'ALL', action: 'READ' } } as const;
const UPDATE = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'ALL', action: 'UPDATE' } } as const;

export const assessmentNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/assessment-notice',
    {
      config: { ...READ, audit: false },
      schema: {
        operationId: 'getAssessmentNotice',
        tags: ['assessment-notice'],
        description:
          "The account's contact and own text, shown to participants of selection, performance and self-assessment questionnaires " +
          "under the platform's notice (what is assessed, how results are used, that a person decides, the retention period).",
        response: { 200: ZAssessmentNoticeSettingsResponse, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      return assessmentNoticeSettings(app.db, request.auth.accountId);
    },
  );

  app.put(
    '/api/account/assessment-notice',
    {
      config: { ...UPDATE, audit: { action: 'account.assessment_notice_update' } },
      schema: {
        operationId: 'updateAssessmentNotice',
        tags: ['assessment-notice'],
        description:
          'Sets the contact (at most 200 characters) and the own text (at most 2000) of the notice; null or blank removes one. ' +
          'Plain text only: 400 error.validation with error.validation.too_long or error.validation.invalid_format per field.',
        body: ZAssessmentNoticeSettings,
        response: {
          200: ZAssessmentNoticeSettingsResponse,
          ...apiErrors({ 400: ['error.validation', 'error.request.malformed_json'], 401: UNAUTHORIZED, 403: FORBIDDEN }),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      return app.db.transaction(async (tx) => {
        const { before, after } = await updateAssessmentNoticeSettings(tx, auth, request.body);
        const changed = (['contact', 'text'] as const)
          .filter((field) => before[field] !== after[field])
          .map((field) => ({ field, old: before[field] ?? '', new: after[field] ?? '' }));
        noteEdit(request, changed);
        return after;
      });
    },
  );
};
