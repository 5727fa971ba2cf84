// GET /api/i18ns: translation entries of one language, optionally limited to text types and a key prefix.
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZI18nQuery, ZI18nResponse } from '@bq/contracts/i18n';
import { translations } from '../../db/schema';
import { apiErrors } from '../../plugins/openapi';

/** Escapes LIKE wildcards so a filter is a plain prefix. */
function likePrefix(prefix: string): string {
  return prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
}

export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/i18ns',
    {
      config: { public: true },
      schema: {
        operationId: 'listTranslations',
        tags: ['translations'],
        querystring: ZI18nQuery,
        response: { 200: ZI18nResponse, ...apiErrors({ 400: ['error.validation'] }) },
      },
    },
    async (request, reply) => {
      const { language, textTypeParameter, filter } = request.query;
      const conditions = [eq(translations.language, language)];
      if (textTypeParameter) conditions.push(inArray(translations.textType, textTypeParameter));
      if (filter) conditions.push(like(translations.key, likePrefix(filter)));
      const rows = await app.db
        .select({ key: translations.key, textType: translations.textType, language: translations.language, text: translations.text })
        .from(translations)
        .where(and(...conditions))
        .orderBy(asc(translations.textType), asc(translations.key));
      reply.header('cache-control', 'no-cache');
      return rows;
    },
  );
};
