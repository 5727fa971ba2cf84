// The participant's calls (public; the instance token is the credential): GET /api/q?token=,
// PUT /api/q/{token}/answers, POST /api/q/{token}/submit (which hands the submitting browser its own key,
// participant-key.ts, docs/decisions/0063).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAnswerProgress, ZQuestionnaire, ZQuestionnaireQuery, ZSaveAnswersRequest, ZSubmitQuestionnaireRequest } from '@bq/contracts/questionnaire';
import { apiErrors } from '../../plugins/openapi';
import { openQuestionnaire, submitQuestionnaire } from './questionnaire-service';
import { isAccountRequest, setParticipantKeyCookie } from './participant-key';
import { saveAnswers } from './save-answers';

const ZTokenParams = z.object({ token: z.string().min(1).max(100) });
const GONE = ['error.interaction.expired', 'error.interaction.closed'];

export const questionnaireRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/q',
    {
      // Limits per link and address (docs/decisions/0072): far above what one person's page sends, so only a script meets them.
      config: { audit: { action: 'participant.questionnaire_open', subject: { result: 'query.token' } }, public: true, rateLimit: { perMinute: 60, perToken: 'query.token' } },
      schema: {
        operationId: 'openQuestionnaire',
        tags: ['questionnaire'],
        security: [],
        querystring: ZQuestionnaireQuery,
        response: { 200: ZQuestionnaire, ...apiErrors({ 400: ['error.validation'], 404: ['error.not_found'], 410: GONE }) },
      },
    },
    async (request) => {
      return { ...(await openQuestionnaire(app.db, request.query.token, app.accountMemo)), accessLogDays: app.config.PARTICIPANT_ACCESS_LOG_DAYS };
    },
  );

  app.put(
    '/api/q/:token/answers',
    {
      // The autosave sends at most one call every 250 ms plus a round trip (web answer-autosaver.ts): under 240 a minute.
      config: {
        audit: { action: 'participant.answers_save', subject: { result: 'params.token' }, timing: 'buffered' },
        public: true,
        rateLimit: { perMinute: 300, perToken: 'params.token' },
      },
      schema: {
        operationId: 'saveAnswers',
        tags: ['questionnaire'],
        security: [],
        params: ZTokenParams,
        body: ZSaveAnswersRequest,
        response: {
          200: ZAnswerProgress,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json', 'error.questionnaire.unknown_item', 'error.questionnaire.invalid_answer'],
            403: ['error.auth.csrf'],
            404: ['error.not_found'],
            409: ['error.interaction.already_submitted'],
            410: GONE,
          }),
        },
      },
    },
    async (request) => saveAnswers(app.db, request.params.token, request.body),
  );

  app.post(
    '/api/q/:token/submit',
    {
      config: { audit: { action: 'participant.submit', subject: { result: 'params.token' } }, public: true, rateLimit: { perMinute: 20, perToken: 'params.token' } },
      schema: {
        operationId: 'submitQuestionnaire',
        tags: ['questionnaire'],
        security: [],
        description:
          'Hands the answers in. The submitting browser gets its own key as an HttpOnly cookie (bq_participant, path ' +
          '/api/q/{token}), which alone lets it read back and change its self-identification; a signed-in or API-credential ' +
          'request gets none. A later submit is 409 and gets none, except a retry that sends the participantKey of the ' +
          'first try: it gets the same answer and cookie again. The body is optional (none: the server draws the key).',
        params: ZTokenParams,
        // No body at all (older pages, scripts) is a submit without a key of the browser's own.
        body: ZSubmitQuestionnaireRequest.nullish(),
        response: {
          200: ZAnswerProgress,
          ...apiErrors({ 400: ['error.questionnaire.incomplete', 'error.validation', 'error.request.malformed_json'], 403: ['error.auth.csrf'], 404: ['error.not_found'], 409: ['error.interaction.already_submitted'], 410: GONE }),
        },
      },
    },
    async (request, reply) => {
      const { progress, participantKey } = await submitQuestionnaire(app.db, app.queue, request.params.token, {
        participantKey: request.body?.participantKey,
        issueKey: !isAccountRequest(request),
      });
      if (participantKey) setParticipantKeyCookie(app.config, request, reply, request.params.token, participantKey);
      return progress;
    },
  );
};
