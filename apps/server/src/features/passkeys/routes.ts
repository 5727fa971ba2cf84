// The signed-in user's passkeys (docs/decisions/0045), session only: GET /api/user/2fa/passkeys,
// POST /api/user/2fa/passkeys/registration-options, POST /api/user/2fa/passkeys, PATCH and DELETE
// /api/user/2fa/passkeys/{id}. Registering is reachable by a session restricted to enrolling (decision 0042): a
// passkey meets the account's requirement as TOTP does. Registering and removing change the user's factors: step-up
// routes that ask a user without a factor for a fresh sign-in or the password (decision 0064); registering never
// counts as a step-up itself, and every change mails the user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOkResponse } from '@bq/contracts/auth';
import { ZPasskey, ZPasskeyIdParams, ZPasskeyListResponse, ZRegisterPasskeyRequest, ZRenamePasskeyRequest, ZWebAuthnOptions } from '@bq/contracts/passkeys';
import { apiErrors } from '../../plugins/openapi';
import { STEP_UP_REQUIRED } from '../step-up/step-up-rule';
import { PASSKEY_ERRORS, listPasskeys, removePasskey, renamePasskey } from './passkey-list';
import { registerPasskey, registrationOptions } from './passkey-registration';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.session_required'];
const BAD_BODY = ['error.validation', 'error.request.malformed_json'];
const passkeyId = (request: { params: unknown }) => ({ passkeyId: (request.params as { id?: string }).id });
const STEP_UP_NOTE =
  ' A step-up route (docs/decisions/0064): a user with a second factor must have proved it in this session within ten ' +
  'minutes, a user without one must have signed in or given the password within ten minutes (POST /api/user/2fa/step-up); ' +
  'otherwise 403 error.two_factor.step_up_required.';

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
    async (request) => {
      return { items: await listPasskeys(app.db, request.auth.userId) };
    },
  );

  app.post(
    '/api/user/2fa/passkeys/registration-options',
    {
      config: {
        audit: { action: 'auth.factor_enrol_start', details: () => ({ factor: 'passkey' }) },
        signedIn: true,
        sessionOnly: true,
        whileEnrolling: true,
        stepUp: 'factor-change',
      },
      schema: {
        operationId: 'passkeyRegistrationOptions',
        tags: ['two-factor'],
        description:
          'Starts registering a passkey: PublicKeyCredentialCreationOptionsJSON for navigator.credentials.create() ' +
          '(@simplewebauthn/browser startRegistration). RP ID = the host of PUBLIC_URL; a discoverable credential is ' +
          'required, user verification preferred; the challenge is valid five minutes, once.' +
          STEP_UP_NOTE,
        response: { 200: ZWebAuthnOptions, ...apiErrors({ 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 409: [PASSKEY_ERRORS.tooMany] }) },
      },
    },
    async (request) => {
      return registrationOptions(app.db, app.config, request.auth.userId);
    },
  );

  app.post(
    '/api/user/2fa/passkeys',
    {
      config: {
        audit: { action: 'auth.factor_enable', details: () => ({ factor: 'passkey' }), answer: (b) => ({ details: { passkeyId: (b as { id?: string }).id } }) },
        signedIn: true,
        sessionOnly: true,
        whileEnrolling: true,
        stepUp: 'factor-change',
      },
      schema: {
        operationId: 'registerPasskey',
        tags: ['two-factor'],
        description:
          "Finishes the registration with the authenticator's answer (RegistrationResponseJSON) and the name the user gave. " +
          'The passkey is a second factor from now on: sign-in asks for it (or a TOTP code) after the password. Registering ' +
          'does not count as a step-up, and the user gets a mail about the new passkey.' +
          STEP_UP_NOTE,
        body: ZRegisterPasskeyRequest,
        response: {
          200: ZPasskey,
          ...apiErrors({ 400: [...BAD_BODY, PASSKEY_ERRORS.invalid], 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 409: [PASSKEY_ERRORS.alreadyRegistered] }),
        },
      },
    },
    async (request) => registerPasskey(app.db, app.queue, app.config, request.auth.userId, request.body),
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
    async (request) => renamePasskey(app.db, request.auth.userId, request.params.id, request.body.name),
  );

  app.delete(
    '/api/user/2fa/passkeys/:id',
    {
      config: { audit: { action: 'auth.factor_remove', details: (r) => ({ factor: 'passkey', ...passkeyId(r) }) }, signedIn: true, sessionOnly: true, stepUp: 'factor-change' },
      schema: {
        operationId: 'removePasskey',
        tags: ['two-factor'],
        description:
          "Removes one of the signed-in user's passkeys (another user's id is 404) and mails the user." + STEP_UP_NOTE,
        params: ZPasskeyIdParams,
        response: { 200: ZOkResponse, ...apiErrors({ 400: BAD_BODY, 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 404: ['error.not_found'] }) },
      },
    },
    async (request) => {
      await removePasskey(app.db, app.queue, app.config, request.auth.userId, request.params.id);
      return { ok: true as const };
    },
  );
};
