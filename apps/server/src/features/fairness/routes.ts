// Selection you can defend (issue 25, docs/decisions/0051 and 0052): the candidate's self-identification
// (GET/POST /api/q/{token}/self-identification, public: the participant key of the browser that submitted is the
// credential, docs/decisions/0063), the account's categories (GET/PUT /api/fairness/self-identification/settings),
// a person's decision on a result
// (POST /api/instance/{token}/decision) and the adverse-impact report with its CSV and PDF
// (GET /api/fairness/{product}/adverse-impact[.csv|.pdf], BQ_SELECTION/FAIRNESS_REPORT/READ).
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SELF_ID_ERRORS,
  ZAdverseImpactQuery,
  ZAdverseImpactReport,
  ZFairnessProductParams,
  ZRecordDecisionRequest,
  ZResultDecisions,
  ZSelfIdentificationForm,
  ZSelfIdentificationRequest,
  ZSelfIdentificationSaved,
  ZSelfIdentificationSettings,
  ZSelfIdentificationSettingsView,
  type TSelfIdentificationSettingsView,
} from '@bq/contracts/fairness';
import { apiErrors } from '../../plugins/openapi';
import { RESULT_ERRORS } from '../results/result-access';
import { adverseImpactReport } from './adverse-impact-report';
import { isAccountRequest, participantKeyOf } from '../questionnaire/participant-key';
import { DECISION_ERRORS, recordDecision } from './decisions';
import { saveSelfIdentification, selfIdentificationForm, type SelfIdCaller } from './self-identification';
import { saveSelfIdentificationSettings, selfIdentificationSettingsView } from './self-identification-settings';
import { fairnessDownloadRoutes } from './download-routes';

export const READ_FAIRNESS = { realm: 'BQ_SELECTION', entity: 'FAIRNESS_REPORT', action: 'READ' } as const;
const UPDATE_FAIRNESS = { realm: 'BQ_SELECTION', entity: 'FAIRNESS_REPORT', action: 'UPDATE' } as const;
const ZTokenParams = z.object({ token: z.string().min(1).max(100) });
const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];

const callerOf = (request: FastifyRequest): SelfIdCaller => ({ participantKey: participantKeyOf(request), accountRequest: isAccountRequest(request) });

export const fairnessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/q/:token/self-identification',
    {
      config: {
        public: true,
        audit: { action: 'participant.self_identification_open', subject: { result: 'params.token' } },
        rateLimit: { perMinute: 60, perToken: 'params.token' },
      },
      schema: {
        operationId: 'getSelfIdentificationForm',
        tags: ['fairness'],
        security: [],
        description:
          'After submitting a selection or performance questionnaire, to the browser that submitted it (its bq_participant cookie): the ' +
          'categories the account asks, what this candidate stated before, and whether it can still be changed (not once a decision is ' +
          'recorded). Any other caller (no or another cookie, a signed-in user, an API credential) gets offered false and nothing else, ' +
          'whether or not a statement exists: the account never sees it per person.',
        params: ZTokenParams,
        response: { 200: ZSelfIdentificationForm, ...apiErrors({ 400: ['error.validation'], 404: ['error.not_found'] }) },
      },
    },
    async (request) => {
      return selfIdentificationForm(app.db, request.params.token, callerOf(request));
    },
  );

  app.post(
    '/api/q/:token/self-identification',
    {
      // The event names the result, never the answers (they are no one's business but the report's counts), nor the key.
      config: {
        public: true,
        audit: { action: 'participant.self_identification_save', subject: { result: 'params.token' } },
        rateLimit: { perMinute: 30, perToken: 'params.token' },
      },
      schema: {
        operationId: 'saveSelfIdentification',
        tags: ['fairness'],
        security: [],
        description:
          'Voluntary: sex, age band and ethnic group (each optional; PREFER_NOT_TO_SAY always allowed). Only from the browser that submitted ' +
          'the questionnaire (its bq_participant cookie), never with a session or an Authorization header. Stored apart from answers and ' +
          'results, never scored, never shown per person; exported only in the person\'s own copy of their data. A second call replaces ' +
          'the first until a decision about the result is recorded.',
        params: ZTokenParams,
        body: ZSelfIdentificationRequest,
        response: {
          200: ZSelfIdentificationSaved,
          ...apiErrors({
            400: [...BAD_INPUT, SELF_ID_ERRORS.invalidOption],
            403: ['error.auth.csrf', SELF_ID_ERRORS.notTheParticipant],
            404: ['error.not_found'],
            409: [SELF_ID_ERRORS.notSubmitted, SELF_ID_ERRORS.notOffered, SELF_ID_ERRORS.decided],
          }),
        },
      },
    },
    async (request) => saveSelfIdentification(app.db, request.params.token, request.body, callerOf(request)),
  );

  app.get(
    '/api/fairness/self-identification/settings',
    {
      config: { permission: READ_FAIRNESS, audit: false },
      schema: {
        operationId: 'getSelfIdentificationSettings',
        tags: ['fairness'],
        description:
          'Which categories the account asks and their options. Until the account saves its own (saved false), the defaults of its ' +
          "language (defaultsLocale, its first user's): EN_US the US EEO-1 categories; DE_DE and EN_UK sex and age band, ethnic group not asked.",
        response: { 200: ZSelfIdentificationSettingsView, ...apiErrors({ 401: ['error.auth.unauthorized'], 403: ['error.auth.forbidden'] }) },
      },
    },
    async (request) => selfIdentificationSettingsView(app.db, request.auth.accountId),
  );

  app.put(
    '/api/fairness/self-identification/settings',
    {
      config: {
        permission: UPDATE_FAIRNESS,
        // Which categories are asked, read from the saved settings in the answer.
        audit: {
          action: 'fairness.self_identification_settings_update',
          answer: (body) => ({ details: { asked: (body as TSelfIdentificationSettingsView).categories.filter((c) => c.asked).map((c) => c.category) } }),
        },
      },
      schema: {
        operationId: 'updateSelfIdentificationSettings',
        tags: ['fairness'],
        description: 'Sets the three categories: asked or not, and their options (codes A-Z, 0-9, _; a label for an own code). PREFER_NOT_TO_SAY is always added.',
        body: ZSelfIdentificationSettings,
        response: {
          200: ZSelfIdentificationSettingsView,
          ...apiErrors({ 400: BAD_INPUT, 401: ['error.auth.unauthorized'], 403: ['error.auth.csrf', 'error.auth.forbidden'] }),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      return app.db.transaction((tx) => saveSelfIdentificationSettings(tx, auth.accountId, auth.userId, request.body));
    },
  );

  app.post(
    '/api/instance/:token/decision',
    {
      config: {
        productPermission: { entity: 'INDIVIDUAL_RESULTS', action: 'UPDATE' },
        audit: { action: 'result.decision_record', subject: { result: 'params.token' }, details: (r) => ({ decision: (r.body as { decision: string }).decision }) },
      },
      schema: {
        operationId: 'recordDecision',
        tags: ['fairness'],
        description:
          'A person decides on a selection or performance result: advance, hold or reject, with a reason. Append-only; the latest counts. ' +
          'Answers the history (oldest first). Needs INDIVIDUAL_RESULTS/UPDATE in the product realm.',
        params: ZTokenParams,
        body: ZRecordDecisionRequest,
        response: {
          201: ZResultDecisions,
          ...apiErrors({
            400: BAD_INPUT,
            401: ['error.auth.unauthorized'],
            402: [RESULT_ERRORS.locked],
            403: ['error.auth.csrf', 'error.auth.forbidden'],
            404: ['error.not_found'],
            409: [RESULT_ERRORS.notReady, DECISION_ERRORS.notApplicable],
          }),
        },
      },
    },
    async (request, reply) => {
      const decisions = await recordDecision(app.db, request.auth, request.params.token, request.body);
      reply.code(201);
      return decisions;
    },
  );

  app.get(
    '/api/fairness/:product/adverse-impact',
    {
      config: { permission: READ_FAIRNESS, audit: { action: 'fairness.adverse_impact_view', details: (r) => ({ filter: r.query }) } },
      schema: {
        operationId: 'getAdverseImpactReport',
        tags: ['fairness'],
        description:
          'Per category and per intersection of sex and ethnic group: assessed, selected, selection rate, impact ratio against the highest rate, ' +
          "four-fifths flag, Fisher's exact p (two-sided, against the highest-rate group), small-sample warning; for fit and stanine the " +
          "LL144 scoring rate. Groups below the account's k are TOO_FEW; groups that would let two reports single a person out are SUPPRESSED. " +
          'Without basis: decision once any decision is recorded, else the score basis most candidates have (basisChosen true); ' +
          'available counts the candidates with a result, a decision, a fit and stanines in the scope, whatever the basis.',
        params: ZFairnessProductParams,
        querystring: ZAdverseImpactQuery,
        response: { 200: ZAdverseImpactReport, ...apiErrors({ 400: ['error.validation'], 401: ['error.auth.unauthorized'], 403: ['error.auth.forbidden'], 404: ['error.not_found'] }) },
      },
    },
    async (request) => {
      return adverseImpactReport(app.db, request.auth.accountId, request.params.product, request.query);
    },
  );

  await app.register(fairnessDownloadRoutes);
};
