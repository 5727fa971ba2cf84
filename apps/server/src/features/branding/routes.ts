// The firm's own branding (docs/decisions/0055). The account admin: GET|PUT /api/account/branding, the logo
// POST|GET|DELETE /api/account/branding/logo. The participant pages, by the token they already have: GET
// /api/branding/{token} and its logo; the sign-in page by the host it was reached through: GET /api/branding/host.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRANDING_ERRORS, LOGO_MAX_BYTES, ZBranding, ZBrandingLogoQuery, ZBrandingTokenParams, ZPublicBranding, ZUpdateBrandingRequest } from '@bq/contracts/branding';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import { apiErrors } from '../../plugins/openapi';
import { accountOfHost, accountOfToken } from './brand-lookup';
import { brandingForAccount, getBranding, publicBranding, saveLogo, updateBranding, type AccountBrand } from './branding-service';
import type { CheckedLogo } from './logo-check';
import { logoAsPng } from './logo-raster';
import { readOnReaderThread } from '../untrusted-files/reader-thread';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required', 'error.two_factor.enrolment_required'];
const BAD_BODY = ['error.validation', 'error.request.malformed_json'];
// The account admin who manages the account's users manages how the account appears to its clients.
const READ = { permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'READ' } } as const;
const UPDATE = { permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'UPDATE' } } as const;
const LOGO_TYPES = ['image/png', 'image/svg+xml', 'application/octet-stream'];
const ZLogoBinary = z.string().meta({ format: 'binary' });
const LOGO_ANSWER = z.string().meta({ format: 'binary', description: 'The logo as a PNG (a PNG re-encoded, an SVG rasterised at upload)' });

/**
 * Always a PNG (docs/decisions/0072): uploads are stored as PNG, a logo stored as SVG before that is drawn here, so no
 * SVG (and nothing that could run in one) is ever served. The CSP stays: opened on its own, nothing in it may run.
 */
function sendLogo(reply: FastifyReply, brand: AccountBrand) {
  if (!brand.logo) throw new AppError(ERROR_KEYS.notFound, 404, 'No logo');
  const png = logoAsPng(brand.logo);
  if (!png) throw new AppError(ERROR_KEYS.notFound, 404, 'The logo cannot be drawn as a PNG');
  return (
    reply
      .type('image/png')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      // Mail programs show it from their own origin.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(png)
  );
}

/** The upload checked, re-encoded or rasterised on a reader thread (untrusted-files, docs/decisions/0066): never the API's. */
async function checkedLogo(upload: Buffer): Promise<CheckedLogo> {
  const logo = await readOnReaderThread<CheckedLogo>(
    { kind: 'logo', bytes: new Uint8Array(upload) },
    (why) => new AppError(BRANDING_ERRORS.logoInvalid, 400, `The logo could not be read within the limits: ${why}`),
  );
  // The bytes come back from the thread as a plain Uint8Array.
  return { ...logo, data: Buffer.from(logo.data.buffer, logo.data.byteOffset, logo.data.byteLength) };
}

export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(LOGO_TYPES, { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES * 2 }, (_request, body, done) => done(null, body));

  app.get(
    '/api/account/branding',
    {
      config: { ...READ, audit: false },
      schema: {
        operationId: 'getBranding',
        tags: ['branding'],
        description: "The account's branding as its clients see it: firm name, address, footer line, colours, logo, and the operator's settings (host names, powered-by line).",
        response: { 200: ZBranding, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => getBranding(app.db, request.auth.accountId),
  );

  app.put(
    '/api/account/branding',
    {
      config: { ...UPDATE, audit: { action: 'account.branding_update', details: (request) => ({ fields: Object.keys(request.body as object) }) } },
      schema: {
        operationId: 'updateBranding',
        tags: ['branding'],
        description:
          'Saves the firm name, address, footer line and the primary and accent colours (#rrggbb). A colour that fails WCAG AA ' +
          `for text against white (4.5:1) is refused with ${BRANDING_ERRORS.contrast}. null (or an empty text) removes a value. ` +
          'oneQuestionPerScreen (optional; absent leaves it) sets whether questionnaires show one question at a time below 480 px.',
        body: ZUpdateBrandingRequest,
        response: { 200: ZBranding, ...apiErrors({ 400: [...BAD_BODY, BRANDING_ERRORS.contrast, 'error.validation.invalid_format'], 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => updateBranding(app.db, request.auth, request.body),
  );

  app.post(
    '/api/account/branding/logo',
    {
      config: {
        ...UPDATE,
        audit: { action: 'account.branding_logo', answer: (body) => ({ details: { logoType: (body as { logoType?: string } | null)?.logoType ?? null } }) },
        openapiBody: { contentType: 'image/png', schema: ZLogoBinary },
      },
      schema: {
        operationId: 'uploadBrandingLogo',
        tags: ['branding'],
        description:
          `The logo as the request body (image/png or image/svg+xml, at most ${LOGO_MAX_BYTES / 1024} KB). The type is read from the ` +
          'bytes. A PNG is decoded and re-encoded (at most 2000 pixels a side); an SVG is rebuilt from an allow-list (scripts, ' +
          'foreignObject, images, event handlers, external links and url()s are removed; DOCTYPE and entities are refused) and ' +
          'drawn to a PNG of at most 1280 x 320 pixels: the logo is stored and served as that PNG only (logoType image/png).',
        response: {
          200: ZBranding,
          ...apiErrors({
            400: [BRANDING_ERRORS.logoInvalid, BRANDING_ERRORS.logoUnsafe, BRANDING_ERRORS.logoTooLarge, 'error.validation'],
            401: UNAUTHORIZED,
            403: FORBIDDEN,
            413: [BRANDING_ERRORS.logoTooLarge, ERROR_KEYS.payloadTooLarge],
            415: [BRANDING_ERRORS.logoType, 'error.request.unsupported_media_type'],
          }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(BRANDING_ERRORS.logoType, 415, 'Send the logo as image/png or image/svg+xml');
      const logo = await checkedLogo(body);
      return saveLogo(app.db, request.auth, logo);
    },
  );

  app.delete(
    '/api/account/branding/logo',
    {
      config: { ...UPDATE, audit: { action: 'account.branding_logo_remove' } },
      schema: {
        operationId: 'removeBrandingLogo',
        tags: ['branding'],
        response: { 200: ZBranding, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => saveLogo(app.db, request.auth, null),
  );

  app.get(
    '/api/account/branding/logo',
    {
      config: { ...READ, audit: false },
      schema: {
        operationId: 'getBrandingLogo',
        tags: ['branding'],
        response: { 200: LOGO_ANSWER, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN, 404: [ERROR_KEYS.notFound] }) },
      },
    },
    async (request, reply) => sendLogo(reply, await brandingForAccount(app.db, request.auth.accountId)),
  );

  app.get(
    '/api/branding/host',
    {
      config: { public: true, audit: false, httpCache: 'no-cache' },
      schema: {
        operationId: 'getHostBranding',
        tags: ['branding'],
        security: [],
        description: 'The branding of the account an operator assigned the request\'s host name to (the sign-in page under the firm\'s own address); 404 on any other host.',
        response: { 200: ZPublicBranding, ...apiErrors({ 404: [ERROR_KEYS.notFound] }) },
      },
    },
    async (request) => {
      const accountId = await accountOfHost(app.db, request.headers.host);
      if (!accountId) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
      return publicBranding(await brandingForAccount(app.db, accountId), '/api/branding/host/logo');
    },
  );

  app.get(
    '/api/branding/host/logo',
    {
      config: { public: true, audit: false, httpCache: 'public, max-age=3600' },
      schema: {
        operationId: 'getHostBrandingLogo',
        tags: ['branding'],
        security: [],
        response: { 200: LOGO_ANSWER, ...apiErrors({ 404: [ERROR_KEYS.notFound] }) },
      },
    },
    async (request, reply) => {
      const accountId = await accountOfHost(app.db, request.headers.host);
      if (!accountId) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
      return sendLogo(reply, await brandingForAccount(app.db, accountId));
    },
  );

  app.get(
    '/api/branding/:token',
    {
      config: { public: true, audit: false, httpCache: 'no-cache' },
      schema: {
        operationId: 'getPublicBranding',
        tags: ['branding'],
        security: [],
        description:
          'The branding a participant page shows, read with the token the page has: a questionnaire or report (instance) token, ' +
          "a certificate's verification token or a report download token. An unknown token answers 404.",
        params: ZBrandingTokenParams,
        response: { 200: ZPublicBranding, ...apiErrors({ 400: ['error.validation'], 404: [ERROR_KEYS.notFound] }) },
      },
    },
    async (request) => {
      const accountId = await accountOfToken(app.db, request.params.token);
      if (!accountId) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
      return publicBranding(await brandingForAccount(app.db, accountId), `/api/branding/${encodeURIComponent(request.params.token)}/logo`);
    },
  );

  app.get(
    '/api/branding/:token/logo',
    {
      config: { public: true, audit: false, httpCache: 'public, max-age=3600' },
      schema: {
        operationId: 'getPublicBrandingLogo',
        tags: ['branding'],
        security: [],
        description:
          'The logo of the account the token belongs to (also linked from its mails), always as a PNG. `format=png` (what mails ' +
          'link) is kept for links already sent. An unknown token or no logo answers 404.',
        params: ZBrandingTokenParams,
        querystring: ZBrandingLogoQuery,
        response: { 200: LOGO_ANSWER, ...apiErrors({ 400: ['error.validation'], 404: [ERROR_KEYS.notFound] }) },
      },
    },
    async (request, reply) => {
      const accountId = await accountOfToken(app.db, request.params.token);
      if (!accountId) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
      return sendLogo(reply, await brandingForAccount(app.db, accountId));
    },
  );
};
