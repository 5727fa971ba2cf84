// PUT|GET /api/u/{clientToken}/portfolio: a client's current portfolio, dated, and its check against the suitable
// risk class (issue 38 point 1, decision 0091). Access and audit are declared here; the service checks the client's
// account and the realms of its products (a client token names no product to declare, decision 0081).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGetPortfolioResponse, ZPutPortfolioRequest, type TGetPortfolioResponse } from '@bq/contracts/portfolio';
import { apiErrors } from '../../plugins/openapi';
import { getPortfolio, savePortfolio } from './portfolio-service';

const ZParams = z.object({ token: z.string().min(1).max(100) });
const UNAUTHORIZED = ['error.auth.unauthorized'];
const NOT_FOUND = ['error.not_found'];
/** The trail holds the verdict the adviser saw, never the holdings. */
const verdictDetails = (body: unknown) => {
  const check = (body as Partial<TGetPortfolioResponse> | null)?.check;
  return { details: { verdict: check?.verdict ?? null, portfolioClass: check?.portfolioClass ?? null, suitableClass: check?.suitableClass ?? null } };
};
const DESCRIPTION =
  'The latest portfolio (positions as entered, the modelled class each counts as, the equity / bond / cash-like mix), its check ' +
  'against the suitable risk class of the client\'s latest readable risk result (worst and best 1/5/10-year windows, largest ' +
  'drawdown, market-risk class, verdict WITHIN/ABOVE/BELOW and the worst 12 months of both), and every saved date. Without a ' +
  'risk result or market history `check` is null and `checkMissing` says why.';

export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/u/:token/portfolio',
    {
      config: { audit: { action: 'portfolio.update', subject: { client: 'params.token' }, answer: verdictDetails }, productPermission: { entity: 'BQ_USER', action: 'UPDATE' } },
      schema: {
        operationId: 'saveClientPortfolio',
        tags: ['clients', 'portfolio'],
        description:
          'Saves the client\'s portfolio as of a date; earlier ones are kept. Positions by asset class with weights in percent (adding ' +
          'up to 100) or amounts in the client\'s currency, never both. A refusal is 400 error.validation whose fields name the case: ' +
          'error.portfolio.empty, unknown_asset_class, negative, mixed_units, no_value, weights_sum, zero_total. ' + DESCRIPTION,
        params: ZParams,
        body: ZPutPortfolioRequest,
        response: {
          200: ZGetPortfolioResponse,
          ...apiErrors({ 400: ['error.validation', 'error.request.malformed_json'], 401: UNAUTHORIZED, 403: ['error.auth.csrf', 'error.auth.forbidden'], 404: NOT_FOUND }),
        },
      },
    },
    async (request) => savePortfolio(app.db, request.auth, request.params.token, request.body),
  );

  app.get(
    '/api/u/:token/portfolio',
    {
      config: { audit: { action: 'portfolio.view', subject: { client: 'params.token' } }, productPermission: { entity: 'BQ_USER', action: 'READ' } },
      schema: {
        operationId: 'getClientPortfolio',
        tags: ['clients', 'portfolio'],
        description: DESCRIPTION,
        params: ZParams,
        response: { 200: ZGetPortfolioResponse, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => getPortfolio(app.db, request.auth, request.params.token),
  );
};
