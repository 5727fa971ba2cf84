// GET and PUT /api/account/security (the account's second-factor requirement), GET /api/account/security/members and
// DELETE /api/account/security/members/{userId}/factors (an admin's reset). Permission BQ_ADMIN/BQ_USER: the account
// admin who manages the account's users (docs/decisions/0042). Session only, like the management of API credentials.
// Changing the requirement and resetting a member are step-up routes (0045, 0064).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAccountMemberFactorList, ZAccountSecurity, ZAccountSecurityResponse, ZMemberIdParams } from '@bq/contracts/account-security';
import { ZOkResponse } from '@bq/contracts/auth';
import { apiErrors } from '../../plugins/openapi';
import { STEP_UP_REQUIRED } from '../step-up/step-up-rule';
import { OWN_FACTOR_MISSING, accountSecurity, memberFactors, resetMemberFactors, updateAccountSecurity } from './account-security-service';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required', 'error.two_factor.enrolment_required'];
const BAD_BODY = ['error.validation', 'error.request.malformed_json'];
const READ = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'READ' } } as const;
const UPDATE = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'UPDATE' } } as const;

export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/security',
    {
      config: { ...READ, audit: false },
      schema: {
        operationId: 'getAccountSecurity',
        tags: ['account-security'],
        description: 'Whether the account requires a second factor of all its evaluators, and the grace days.',
        response: { 200: ZAccountSecurityResponse, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      return accountSecurity(app.db, request.auth.accountId);
    },
  );

  app.put(
    '/api/account/security',
    {
      config: { ...UPDATE, stepUp: true, audit: { action: 'account.security_update', details: (request) => ({ ...(request.body as object) }) } },
      schema: {
        operationId: 'updateAccountSecurity',
        tags: ['account-security'],
        description:
          'Requires (or stops requiring) a second factor of all evaluators. The grace days (0-30) count from when the ' +
          "requirement was switched on, or from a user's creation if later; after them a password alone only lets a user " +
          'without a factor enrol one. Saving again while on keeps the first moment. The admin needs a factor of their own ' +
          'to switch it on (409 otherwise). A step-up route: an admin with a factor must have proved it within ten minutes ' +
          '(403 error.two_factor.step_up_required; POST /api/user/2fa/step-up).',
        body: ZAccountSecurity,
        response: {
          200: ZAccountSecurityResponse,
          ...apiErrors({ 400: BAD_BODY, 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 409: [OWN_FACTOR_MISSING] }),
        },
      },
    },
    async (request) => updateAccountSecurity(app.db, request.auth, request.body),
  );

  app.get(
    '/api/account/security/members',
    {
      config: { ...READ, audit: false },
      schema: {
        operationId: 'listAccountMemberFactors',
        tags: ['account-security'],
        description: "The account's users, whether each has a second factor, their deadline under the requirement, and their unrevoked API credentials (created, expires, last used; never the secret).",
        response: { 200: ZAccountMemberFactorList, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      return { members: await memberFactors(app.db, request.auth.accountId) };
    },
  );

  app.delete(
    '/api/account/security/members/:userId/factors',
    {
      config: {
        ...UPDATE,
        stepUp: 'factor-change',
        audit: { action: 'auth.factor_reset_by_admin', details: (request) => ({ memberId: (request.params as { userId: string }).userId }) },
      },
      schema: {
        operationId: 'resetMemberFactors',
        tags: ['account-security'],
        description:
          "Removes a member's TOTP factor, recovery codes and passkeys, ends all of the member's sessions at once and mails " +
          'the member. A user of another account is not found (404). A step-up route (docs/decisions/0064): an admin with a ' +
          'second factor must have proved it within ten minutes, an admin without one must have signed in or given the ' +
          'password within ten minutes (403 error.two_factor.step_up_required; POST /api/user/2fa/step-up).',
        params: ZMemberIdParams,
        response: { 200: ZOkResponse, ...apiErrors({ 400: BAD_BODY, 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 404: ['error.not_found'] }) },
      },
    },
    async (request) => {
      await resetMemberFactors(app.db, app.queue, app.config, request.auth.accountId, request.params.userId);
      return { ok: true as const };
    },
  );
};
