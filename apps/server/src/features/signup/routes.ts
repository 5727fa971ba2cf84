// Sign-up (spec section 7): POST /api/presignup/bqaself, POST /api/signup, POST /api/presignup/selfassessment,
// POST /api/signup/selfassessment; and POST /api/add_product. Pre-sign-up validates only; sign-up answers the same
// whether or not the address has an account (docs/decisions/0023-signup-and-recovery.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAddProductRequest,
  ZAddProductResponse,
  ZPreSignupResponse,
  ZSelfAssessmentSignupRequest,
  ZSignupRequest,
  ZSignupResponse,
} from '@bq/contracts/signup';
import { apiErrors } from '../../plugins/openapi';
import { ADD_PRODUCT_ERRORS, addProduct } from './add-product';
import { AUTH_REQUEST_LIMIT_ERRORS, AUTH_REQUEST_LIMITS } from './auth-request-limit';
import { NEW_PASSWORD_ERRORS, assertNewPasswordAcceptable } from '../password-rules/password-rules';
import { signup } from './signup-service';
import { fieldsOf } from '../audit/declare';

const PRESIGNUP_ERRORS = apiErrors({
  400: ['error.validation', 'error.request.malformed_json', ...NEW_PASSWORD_ERRORS],
  403: ['error.auth.csrf'],
});
const SIGNUP_ERRORS = apiErrors({
  400: ['error.validation', 'error.request.malformed_json', ...NEW_PASSWORD_ERRORS],
  403: ['error.auth.csrf'],
  429: [AUTH_REQUEST_LIMIT_ERRORS.SIGNUP],
});
const limits = AUTH_REQUEST_LIMITS.SIGNUP;
const SIGNUP_DESCRIPTION =
  'Creates a SELF_SERVICE account with its admin user and the product configuration and mails a verification link (48 hours). ' +
  'The answer is the same 202 when the address already has an account; that address gets a mail saying so instead (no e-mail enumeration). ' +
  `At most ${limits.perAddress} requests per address and ${limits.perIp} per IP in ${limits.windowMinutes} minutes (429).`;

export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/presignup/bqaself',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'preSignupBqaSelf',
        tags: ['signup'],
        security: [],
        description: 'Checks the bqa sign-up form (fields, terms, password rules). Stores, reserves and sends nothing, and says nothing about whether the address is taken.',
        body: ZSignupRequest,
        response: { 200: ZPreSignupResponse, ...PRESIGNUP_ERRORS },
      },
    },
    async (request) => {
      assertNewPasswordAcceptable(request.body.password, request.body);
      return { valid: true as const };
    },
  );

  app.post(
    '/api/signup',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'signup',
        tags: ['signup'],
        security: [],
        description: `Self-service bqa sign-up (default product BQ_ADVISORY_WEALTH on its trial plan). ${SIGNUP_DESCRIPTION}`,
        body: ZSignupRequest,
        response: { 202: ZSignupResponse, ...SIGNUP_ERRORS },
      },
    },
    async (request, reply) => {
      const { productType, ...rest } = request.body;
      const answer = await signup(app.db, app.queue, app.config, { ...rest, productType: productType ?? 'BQ_ADVISORY_WEALTH' }, request.ip);
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/api/presignup/selfassessment',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'preSignupSelfAssessment',
        tags: ['signup'],
        security: [],
        description: 'Checks the self-assessment sign-up form. Stores, reserves and sends nothing.',
        body: ZSelfAssessmentSignupRequest,
        response: { 200: ZPreSignupResponse, ...PRESIGNUP_ERRORS },
      },
    },
    async (request) => {
      assertNewPasswordAcceptable(request.body.password, request.body);
      return { valid: true as const };
    },
  );

  app.post(
    '/api/signup/selfassessment',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'signupSelfAssessment',
        tags: ['signup'],
        security: [],
        description: `Self-service sign-up for BQ_PERFORMANCE_SELF_ASSESSMENT. ${SIGNUP_DESCRIPTION}`,
        body: ZSelfAssessmentSignupRequest,
        response: { 202: ZSignupResponse, ...SIGNUP_ERRORS },
      },
    },
    async (request, reply) => {
      const answer = await signup(app.db, app.queue, app.config, { ...request.body, productType: 'BQ_PERFORMANCE_SELF_ASSESSMENT' }, request.ip);
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/api/add_product',
    {
      // The account's own admin adds products to the account.
      config: { audit: { action: 'account.product_add', details: fieldsOf }, permission: { realm: 'BQ_ADMIN', entity: 'ALL', action: 'CREATE' } },
      schema: {
        operationId: 'addProduct',
        tags: ['signup', 'products'],
        description:
          'Adds a product configuration to the caller\'s self-service (or demo) account and makes it the current product. initiatorId is the caller\'s user id. ' +
          'The wealth advisory product starts on its trial plan.',
        body: ZAddProductRequest,
        response: {
          200: ZAddProductResponse,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json'],
            401: ['error.auth.unauthorized'],
            403: ['error.auth.csrf', 'error.auth.forbidden', ADD_PRODUCT_ERRORS.accountType],
            404: ['error.not_found'],
            409: [ADD_PRODUCT_ERRORS.alreadyAdded],
          }),
        },
      },
    },
    async (request) => addProduct(app.db, request.auth, request.body),
  );
};
