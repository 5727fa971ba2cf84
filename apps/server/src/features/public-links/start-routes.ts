// The visitor's calls of a public start link (docs/decisions/0092), public: GET /api/start/{publicId} (what the page
// shows), POST /api/start/{publicId} (name and e-mail; a verification mail goes out) and POST /api/start/verify (the
// mail's link, confirmed on the page: the visitor becomes a client and gets the questionnaire's token).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUBLIC_LINK_ERRORS,
  ZPublicLinkParams,
  ZPublicStartInfo,
  ZPublicStartQuery,
  ZPublicStartRequest,
  ZPublicStartResponse,
  ZPublicVerifyRequest,
  ZPublicVerifyResponse,
} from '@bq/contracts/public-links';
import { apiErrors } from '../../plugins/openapi';
import { publicStartInfo, startVisit } from './start-service';
import { verifyStart } from './verify-start';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];

export const publicStartRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public-links'];

  app.get(
    '/api/start/:publicId',
    {
      // Per link and address: a page loads it once; a script walking through guessed ids meets the limit (and 404s).
      config: { public: true, audit: false, rateLimit: { perMinute: 60, perToken: 'params.publicId' } },
      schema: {
        operationId: 'getPublicStart',
        tags,
        security: [],
        description: 'The firm, product and privacy notice the start page shows, and the formToken the form sends back. An unknown or switched-off link is 404.',
        params: ZPublicLinkParams,
        querystring: ZPublicStartQuery,
        // A public GET is outside the limiter's automatic 429 documentation (plugins/rate-limit.ts): said here.
        response: { 200: ZPublicStartInfo, ...apiErrors({ 400: ['error.validation'], 404: ['error.not_found'], 429: ['error.rate_limited'] }) },
      },
    },
    async (request) => publicStartInfo(app.db, app.config, request.params.publicId, request.query.locale ?? 'EN_US'),
  );

  app.post(
    '/api/start/:publicId',
    {
      // Per address over every link (one bucket): a person starts once or twice; a script from one address gets twenty a
      // minute at most. The link's own cap over all addresses and the per-address mail cap are in start-service.ts.
      config: { public: true, audit: false, rateLimit: { perMinute: 20, bucket: 'public-start' } },
      schema: {
        operationId: 'startPublicLink',
        tags,
        security: [],
        description:
          'Sends a verification link to the address. Refused with one errorKey (error.public_link.start_refused) when the ' +
          'form came back sooner than 3 s after it was shown or its hidden field was filled. The answer is the same whether ' +
          'or not a mail went out (an address gets at most 3 a day).',
        params: ZPublicLinkParams,
        body: ZPublicStartRequest,
        response: {
          200: ZPublicStartResponse,
          ...apiErrors({ 400: [...BAD_INPUT, PUBLIC_LINK_ERRORS.refused, 'error.validation.invalid_email'], 403: ['error.auth.csrf'], 404: ['error.not_found'] }),
        },
      },
    },
    async (request) => startVisit(app.db, app.queue, app.config, request.params.publicId, request.body),
  );

  app.post(
    '/api/start/verify',
    {
      config: {
        public: true,
        audit: { action: 'public_link.lead_created' },
        rateLimit: { perMinute: 20 },
      },
      schema: {
        operationId: 'verifyPublicStart',
        tags,
        security: [],
        description:
          "The verification mail's token: the visitor becomes a client of the link's product, marked as a lead, with a " +
          'questionnaire (/q/{instanceToken}); the adviser is mailed. A second use answers the same questionnaire.',
        body: ZPublicVerifyRequest,
        response: {
          200: ZPublicVerifyResponse,
          ...apiErrors({ 400: BAD_INPUT, 403: ['error.auth.csrf'], 404: ['error.not_found'], 409: [PUBLIC_LINK_ERRORS.unavailable], 410: [PUBLIC_LINK_ERRORS.used, PUBLIC_LINK_ERRORS.expired] }),
        },
      },
    },
    async (request) => {
      const verified = await verifyStart(app.db, app.queue, app.config, request.body.token);
      // No session names the account: the event belongs to the link's account and names the new client and result.
      if (request.auditNote) Object.assign(request.auditNote, { accountId: verified.accountId, subject: { clientToken: verified.clientToken, resultToken: verified.instanceToken } });
      return { instanceToken: verified.instanceToken };
    },
  );
};
