// GET /api/system/config: what the web client needs before anyone signs in.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSystemConfig } from '@bq/contracts/system';
import { DEFAULT_LOCALE, LOCALES } from '@bq/domain/locales';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_STRENGTH } from '@bq/domain/password-policy';
import { googleSignInSettings } from '../google-sign-in/google-sign-in-settings';

/** The spec's session-replay snippet version (section 9: "a constant of 6 passed"). */
export const SESSION_REPLAY_SNIPPET_VERSION = 6 as const;

/** The spec's chunk-load timeout (section 9). */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const systemRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, opts) => {
  app.get(
    '/api/system/config',
    {
      config: { audit: false, public: true },
      schema: { operationId: 'getSystemConfig', tags: ['system'], response: { 200: ZSystemConfig } },
    },
    async () => ({
      version: opts.version,
      demoMode: app.config.demoData,
      locales: [...LOCALES],
      defaultLocale: DEFAULT_LOCALE,
      passwordPolicy: { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, minStrength: PASSWORD_MIN_STRENGTH },
      chunkLoadTimeoutMs: CHUNK_LOAD_TIMEOUT_MS,
      googleSignIn: await googleSignInSettings(app.config, app.log),
      sessionReplay: app.config.SESSION_REPLAY_ID ? { id: app.config.SESSION_REPLAY_ID, snippetVersion: SESSION_REPLAY_SNIPPET_VERSION } : null,
    }),
  );
};
