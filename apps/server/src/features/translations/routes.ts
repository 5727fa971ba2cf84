// GET /api/i18ns: translation entries of one language, optionally limited to text types and key prefixes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZI18nQuery, ZI18nResponse } from '@bq/contracts/i18n';
import { apiErrors } from '../../plugins/openapi';
import { languageTexts } from './translation-cache';

export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/i18ns',
    {
      // Public texts, the same for everyone: revalidated on every load (a deploy or seed shows at once), never no-store.
      config: { audit: false, public: true, httpCache: 'no-cache' },
      schema: {
        operationId: 'listTranslations',
        tags: ['translations'],
        querystring: ZI18nQuery,
        response: { 200: ZI18nResponse, ...apiErrors({ 400: ['error.validation'] }) },
      },
    },
    async (request) => {
      const { language, textTypeParameter, filter } = request.query;
      // From the process's copy of the language (translation-cache.ts); filter is plain key prefixes, comma separated
      // (an empty one would match everything, so it is dropped).
      const types = textTypeParameter ? new Set(textTypeParameter) : null;
      const prefixes = filter ? filter.split(',').filter((prefix) => prefix !== '') : [];
      const rows = (await languageTexts(app.db, language)).rows.filter(
        (row) =>
          (!types || types.has(row.textType)) && (!filter || prefixes.some((prefix) => row.key.startsWith(prefix))),
      );
      return rows;
    },
  );
};
