// The signed-in user's passkeys (docs/decisions/0045), session only: GET /api/user/2fa/passkeys,
// POST /api/user/2fa/passkeys/registration-options, POST /api/user/2fa/passkeys, PATCH and DELETE
// /api/user/2fa/passkeys/{id}. Registering is reachable by a session restricted to enrolling (decision 0042): a
// passkey meets the account's requirement as TOTP does. Removing one is a sensitive change: step-up.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOkResponse } from '@bq/contracts/auth';
import { ZPasskey, ZPasskeyIdParams, ZPasskeyListResponse, ZRegisterPasskeyRequest, ZRenamePasskeyRequest, ZWebAuthnOptions } from '@bq/contracts/passkeys';
import { requireAuth } from '../../plugins/auth';
import { apiErrors } from '../../plugins/openapi';
import { STEP_UP_REQUIRED } from '../step-up/step-up-rule';
import { markFactorVerified } from '../step-up/step-up-service';
import { PASSKEY_ERRORS, listPasskeys, removePasskey, renamePasskey } from './passkey-list';
import { registerPasskey, registrationOptions } from './passkey-registration';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.session_required'];
const BAD_BODY = ['error.validation', 'error.request.malformed_json'];
const passkeyId = (request: { params: unknown }) => ({ passkeyId: (request.params as { id?: string }).id });

export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/2fa/passkeys',
    {
      config: { audit: false, signedIn: true, sessionOnly: true, whileEnrolling: true },
      schema: {
        operationId: 'listPasskeys',
        tags: ['two-factor'],
        description: "The signed-in user's passkeys, oldest first. (audit: false: the user's own factors, no client data.)",
        response: { 200: ZPasskeyListResponse, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await listPasskeys(app.db, requireAuth(request).userId) };
    },
  );

  app.post(
    '/api/user/2fa/passkeys/registration-options',
    {
      config: { audit: { action: 'auth.factor_enrol_start', details: () => ({ factor: 'passkey' }) }, signedIn: true, sessionOnly: true, whileEnrolling: true },
      schema: {
        operationId: 'passkeyRegistrationOptions',
        tags: ['two-factor'],
        description:
          'Starts registering a passkey: PublicKeyCredentialCreationOptionsJSON for navigator.credentials.create() ' +
          '(@simplewebauthn/browser startRegistration). RP ID = the host of PUBLIC_URL; a discoverable credential is ' +
          'required, user verification preferred; the challenge is valid five minutes, once.',
        response: { 200: ZWebAuthnOptions, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN, 409: [PASSKEY_ERRORS.tooMany] }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return registrationOptions(app.db, app.config, requireAuth(request).userId);
    },
  );

  app.post(
    '/api/user/2fa/passkeys',
    {
      config: { audit: { action: 'auth.factor_enable', details: () => ({ factor: 'passkey' }), answer: (b) => ({ details: { passkeyId: (b as { id?: string }).id } }) }, signedIn: true, sessionOnly: true, whileEnrolling: true },
      schema: {
        operationId: 'registerPasskey',
        tags: ['two-factor'],
        description:
          "Finishes the registration with the authenticator's answer (RegistrationResponseJSON) and the name the user gave. " +
          'The passkey is a second factor from now on: sign-in asks for it (or a TOTP code) after the password.',
        body: ZRegisterPasskeyRequest,
        response: {
          200: ZPasskey,
          ...apiErrors({ 400: [...BAD_BODY, PASSKEY_ERRORS.invalid], 401: UNAUTHORIZED, 403: FORBIDDEN, 409: [PASSKEY_ERRORS.alreadyRegistered] }),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const passkey = await registerPasskey(app.db, app.config, auth.userId, request.body);
      await markFactorVerified(app.db, auth.sessionId);
      return passkey;
    },
  );

  app.patch(
    '/api/user/2fa/passkeys/:id',
    {
      config: { audit: { action: 'auth.factor_rename', details: passkeyId }, signedIn: true, sessionOnly: true },
      schema: {
        operationId: 'renamePasskey',
        tags: ['two-factor'],
        description: "Renames one of the signed-in user's passkeys (another user's id is 404).",
        params: ZPasskeyIdParams,
        body: ZRenamePasskeyRequest,
        response: { 200: ZPasskey, ...apiErrors({ 400: BAD_BODY, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) },
      },
    },
    async (request) => renamePasskey(app.db, requireAuth(request).userId, request.params.id, request.body.name),
  );

  app.delete(
    '/api/user/2fa/passkeys/:id',
    {
      config: { audit: { action: 'auth.factor_remove', details: (r) => ({ factor: 'passkey', ...passkeyId(r) }) }, signedIn: true, sessionOnly: true, stepUp: true },
      schema: {
        operationId: 'removePasskey',
        tags: ['two-factor'],
        description:
          "Removes one of the signed-in user's passkeys (another user's id is 404). A step-up route: the factor must have " +
          'been proved in this session within ten minutes (POST /api/user/2fa/step-up).',
        params: ZPasskeyIdParams,
        response: { 200: ZOkResponse, ...apiErrors({ 400: BAD_BODY, 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 404: ['error.not_found'] }) },
      },
    },
    async (request) => {
      await removePasskey(app.db, requireAuth(request).userId, request.params.id);
      return { ok: true as const };
    },
  );
};
