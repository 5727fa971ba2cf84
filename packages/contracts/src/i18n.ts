// Translation entries served to the web client (GET /api/i18ns).
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';
import { TEXT_TYPES } from '@bq/domain/text-types';

export const ZI18nQuery = z
  .object({
    language: z.enum(LOCALES),
    /** One text type or several, comma separated; all when absent. */
    textTypeParameter: z
      .string()
      .max(200)
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const parts = v.split(',').map((p) => p.trim().toUpperCase());
        for (const p of parts) {
          if (!(TEXT_TYPES as readonly string[]).includes(p)) {
            ctx.addIssue({ code: 'custom', message: 'error.i18n.unknown_text_type' });
            return z.NEVER;
          }
        }
        return parts as (typeof TEXT_TYPES)[number][];
      }),
    /** Only keys starting with this prefix, or with one of several, comma separated (keys have no commas), so a page
     * gets the few texts it reads in one request. */
    filter: z.string().max(1000).optional(),
  });
// No .meta({ id }) on query schemas: @fastify/swagger cannot resolve a $ref for query parameters.

export const ZTranslationEntry = z
  .object({ key: z.string(), textType: z.enum(TEXT_TYPES), language: z.enum(LOCALES), text: z.string() })
  .meta({ id: 'TranslationEntry' });
export type TTranslationEntry = z.infer<typeof ZTranslationEntry>;

export const ZI18nResponse = z.array(ZTranslationEntry).meta({ id: 'I18nResponse' });
