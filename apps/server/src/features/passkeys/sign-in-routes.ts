// POST /api/login/passkey/options and POST /api/login/passkey (docs/decisions/0045): sign-in with a passkey, as the
// second step after the password or without a password. Public: the pending sign-in cookie or the passkey itself
// names the user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLoginSuccess } from '@bq/contracts/auth';
import { ZPasskeySignInOptionsRequest, ZPasskeySignInRequest, ZWebAuthnOptions } from '@bq/contracts/passkeys';
import { apiErrors } from '../../plugins/openapi';
import { TWO_FACTOR_ERRORS } from '../two-factor/two-factor-service';
import { PASSKEY_ERRORS } from './passkey-list';
import { completePasskeySignIn, passkeySignInOptions } from './passkey-sign-in';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/rate-limit';

const BAD_BODY = ['error.validation', 'error.request.malformed_json'];

export const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/login/passkey/options',
    {
      config: { audit: false, public: true, rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        operationId: 'passkeySignInOptions',
        tags: ['auth'],
        security: [],
        description:
          'PublicKeyCredentialRequestOptionsJSON for navigator.credentials.get() (@simplewebauthn/browser startAuthentication). ' +
          '`second_factor`: after POST /api/login answered { secondFactorRequired: true } (needs its bq_2fa cookie), only that ' +
          "user's passkeys, user verification preferred. `passwordless`: the login page's button, any discoverable passkey " +
          'of this site, user verification required. The challenge is valid five minutes, once. (audit: false: nothing ' +
          'happened yet; POST /api/login/passkey records the sign-in.)',
        body: ZPasskeySignInOptionsRequest,
        response: {
          200: ZWebAuthnOptions,
          ...apiErrors({ 400: BAD_BODY, 401: [TWO_FACTOR_ERRORS.signInExpired], 403: ['error.auth.csrf'], 409: [PASSKEY_ERRORS.none] }),
        },
      },
    },
    async (request) => {
      return passkeySignInOptions(app.db, app.config, request, request.body);
    },
  );

  app.post(
    '/api/login/passkey',
    {
      config: { audit: { action: 'auth.sign_in', refusedAction: 'auth.sign_in_failed' }, public: true, rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        operationId: 'loginWithPasskey',
        tags: ['auth'],
        security: [],
        description:
          "Completes a sign-in with the passkey's answer (AuthenticationResponseJSON) to the options above: checks the " +
          'challenge (once), origin and RP ID (PUBLIC_URL), signature and counter. Sets the same cookies as POST /api/login; ' +
          'the session counts as having proved the second factor (step-up). Wrong answers at the second step slow down ' +
          'further attempts per user (429 with Retry-After).',
        body: ZPasskeySignInRequest,
        response: {
          200: ZLoginSuccess.meta({ id: 'LoginWithPasskeyResponse' }),
          ...apiErrors({
            400: BAD_BODY,
            401: [TWO_FACTOR_ERRORS.signInExpired, PASSKEY_ERRORS.invalid],
            403: ['error.auth.csrf', 'error.sso.sign_on_required', 'error.sso.break_glass_password_only'],
            429: ['error.auth.too_many_sign_in_attempts'],
          }),
        },
      },
    },
    async (request, reply) => completePasskeySignIn(app.db, app.config, request, reply, request.body),
  );
};
