// PUT /api/account/products/{id}/review: the yearly review of a risk product (issue 38 point 2, docs/decisions/0093):
// how many months after a client's latest result the review falls due (0: none) and how many days before that the
// adviser is told. The account admin's setting (BQ_ADMIN/BQ_USER UPDATE, as the firm's other client settings).
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { ZProductReviewSettings } from '@bq/contracts/user';
import { REVIEW_PRODUCT_TYPES } from '@bq/domain/yearly-review';
import { AppError } from '../../app-error';
import { productConfigurations } from '../../db/schema';
import { apiErrors } from '../../plugins/openapi';

export const REVIEW_SETTINGS_ERRORS = {
  /** Only a risk product (a risk profile as its result) has a yearly review. */
  notRiskProduct: 'error.review.not_risk_product',
} as const;

export const yearlyReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/account/products/:id/review',
    {
      config: {
        audit: { action: 'account.review_settings_update', details: (r) => ({ productConfigurationId: (r.params as { id?: string }).id, ...(r.body as object) }) },
        permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'UPDATE' },
      },
      schema: {
        operationId: 'updateProductReviewSettings',
        tags: ['products'],
        description: 'Risk products only (409 error.review.not_risk_product otherwise). reviewEveryMonths 0-60 (0: no reviews), reviewNoticeDays 0-90.',
        params: z.object({ id: z.uuid() }),
        body: ZProductReviewSettings,
        response: {
          200: ZProductReviewSettings,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json'],
            401: ['error.auth.unauthorized'],
            403: ['error.auth.csrf', 'error.auth.forbidden'],
            404: ['error.not_found'],
            409: [REVIEW_SETTINGS_ERRORS.notRiskProduct],
          }),
        },
      },
    },
    async (request) => {
      const where = and(eq(productConfigurations.id, request.params.id), eq(productConfigurations.accountId, request.auth.accountId));
      const [config] = await app.db.select({ productType: productConfigurations.productType }).from(productConfigurations).where(where);
      if (!config) throw new AppError(ERROR_KEYS.notFound, 404, 'No such product configuration');
      if (!REVIEW_PRODUCT_TYPES.includes(config.productType)) throw new AppError(REVIEW_SETTINGS_ERRORS.notRiskProduct, 409, 'Only risk products have a yearly review');
      const [saved] = await app.db
        .update(productConfigurations)
        .set({ reviewEveryMonths: request.body.reviewEveryMonths, reviewNoticeDays: request.body.reviewNoticeDays })
        .where(where)
        .returning({ reviewEveryMonths: productConfigurations.reviewEveryMonths, reviewNoticeDays: productConfigurations.reviewNoticeDays });
      return saved!;
    },
  );
};
