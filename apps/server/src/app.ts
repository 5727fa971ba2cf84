// Builds the Fastify instance: external plugins, then the app's own (errors, auth, docs), then feature
// routes, then the web app host. No listen(): tests call inject() on it.
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import { PdfRenderPool, type PdfRenderer } from './features/reports/pdf/pdf-pool';
import authPlugin from './plugins/auth';
import auditPlugin from './features/audit/audit-plugin';
import { auditRoutes } from './features/audit/routes';
import { auditSettingsRoutes } from './features/audit/settings-routes';
import { scimRoutes } from './features/scim/scim-routes';
import { SCIM_BASE_PATH, scimTokenRoutes } from './features/scim/token-routes';
import cacheControlPlugin from './plugins/cache-control';
import errorsPlugin from './plugins/errors';
import inputGuardPlugin, { badUrlHandler } from './plugins/input-guard';
import { normalisedUrl } from './plugins/path-normalisation';
import { loggerOptions, type LogStream } from './plugins/logging';
import openapiPlugin from './plugins/openapi';
import rateLimitPlugin from './plugins/rate-limit';
import responseCachePlugin from './plugins/response-cache';
import type { DataChanges } from './db/data-changes';
import securityHeadersPlugin from './plugins/security-headers';
import spaPlugin from './plugins/spa';
import { participantPageBrand, signInPageBrand, withPageBrand, type PageBrand } from './features/branding/page-brand';
import { paths } from './paths';
import { anonymisationRoutes } from './features/anonymisation/routes';
import { authRoutes } from './features/auth/routes';
import { biRoutes } from './features/bi/routes';
import { apiCredentialRoutes } from './features/api-credentials/routes';
import { webhookRoutes } from './features/webhooks/routes';
import { crmRoutes } from './features/crm/routes';
import { yearlyReviewRoutes } from './features/yearly-review/routes';
import { publicLinkRoutes } from './features/public-links/routes';
import { publicStartRoutes } from './features/public-links/start-routes';
import embedHeadersPlugin from './features/public-links/embed-headers';
import { googleSignInRoutes } from './features/google-sign-in/routes';
import { ssoRoutes } from './features/sso/routes';
import { brandingRoutes } from './features/branding/routes';
import { senderRoutes } from './features/branding/sender-routes';
import { twoFactorRoutes } from './features/two-factor/routes';
import { accountSecurityRoutes } from './features/account-security/routes';
import { retentionRoutes } from './features/retention/routes';
import { passkeyRoutes } from './features/passkeys/routes';
import { passkeySignInRoutes } from './features/passkeys/sign-in-routes';
import { stepUpRoutes } from './features/step-up/routes';
import { privacyPolicyRoutes } from './features/privacy-policy/routes';
import { assessmentNoticeRoutes } from './features/assessment-notice/routes';
import { explanationRoutes } from './features/explanation/routes';
import { billingRoutes } from './features/billing/routes';
import { clientRoutes } from './features/clients/routes';
import { dataRightsRoutes } from './features/data-rights/routes';
import { portfolioRoutes } from './features/portfolio/routes';
import { clientImportRoutes } from './features/client-import/routes';
import { comparisonRoutes } from './features/comparison/routes';
import { creditRoutes } from './features/credits/routes';
import { exportRoutes } from './features/export/routes';
import { marketHistoryRoutes } from './features/market-history/routes';
import { resultRoutes } from './features/results/routes';
import { reportRoutes } from './features/reports/routes';
import { instanceRoutes } from './features/instances/routes';
import { bulkSendRoutes } from './features/bulk-send/routes';
import { mailRoutes } from './features/mail/routes';
import { questionnaireRoutes } from './features/questionnaire/routes';
import { reminderRoutes } from './features/reminders/routes';
import { repeatedMeasurementRoutes } from './features/repeated-measurements/routes';
import { teamRoutes } from './features/teams/routes';
import { systemRoutes } from './features/system/routes';
import { opsRoutes } from './features/ops/routes';
import { translationRoutes } from './features/translations/routes';
import { userRoutes } from './features/user/routes';
import { weightRoutes } from './features/weights/routes';
import { fairnessRoutes } from './features/fairness/routes';
import { signupRoutes } from './features/signup/routes';
import { passwordRecoveryRoutes } from './features/password-recovery/routes';
import { demoRoutes } from './features/demo/routes';
import { requestScopedDb } from './db/request-work';
import { AccountMemo } from './db/account-memo';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** BI calls and exports read here: the read replica, or `db` (docs/decisions/0059). */
    readDb: Db;
    config: Config;
    queue: JobQueue;
    pdf: PdfRenderer;
    /** An account's settings and mail states between their changes (db/account-memo.ts). */
    accountMemo: AccountMemo;
  }
}

export const APP_VERSION = '0.1.0';

export async function buildApp(opts: {
  db: Db;
  /** The read replica's handle (Database.readDb); `db` when omitted. */
  readDb?: Db;
  config: Config;
  queue: JobQueue;
  logger?: boolean;
  /** Sees every route as it is registered (tests that must cover every route collect them here). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: LogStream;
  /**
   * The database's change notifications (db/data-changes.ts); without them no response is cached and sessions are
   * cached for at most a second.
   */
  dataChanges?: DataChanges;
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(opts.config.LOG_LEVEL, opts.logStream),
    trustProxy: opts.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: badUrlHandler,
    // Every hook sees the path the router matches: /%61pi/login is /api/login to all of them (issue 36 point 7).
    rewriteUrl: (req) => normalisedUrl(req.url ?? '/'),
    // During shutdown the ops plugin answers 503 with an errorKey itself (features/ops/routes.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; anything else is refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');
  // Inside a write route's unit of work, the request's transaction (db/request-work.ts); elsewhere the database.
  const db = requestScopedDb(opts.db);
  app.decorate('db', db);
  // A replica is another database and never sees an unfinished unit; without one, reads go where the writes go.
  app.decorate('readDb', opts.readDb && opts.readDb !== opts.db ? opts.readDb : db);
  app.decorate('config', opts.config);
  app.decorate('queue', opts.queue);
  app.decorate('pdf', new PdfRenderPool());
  app.decorate('accountMemo', new AccountMemo(opts.dataChanges));
  app.addHook('onClose', () => app.pdf.close());

  await app.register(securityHeadersPlugin);
  // A public start page may be framed by the sites its link lists (docs/decisions/0092): after the headers it changes.
  await app.register(embedHeadersPlugin);
  // First of the hooks that read the request: unsafe text in the path or query stops it here (issue 36 point 1).
  await app.register(inputGuardPlugin);
  // Next: a caller over a public route's limit is refused before anything costlier runs (docs/decisions/0072).
  await app.register(rateLimitPlugin);
  await app.register(cacheControlPlugin);
  // Before compression: the cache keeps (and sends again) the uncompressed JSON, compressed per request as usual.
  await app.register(responseCachePlugin, { changes: opts.dataChanges });
  // Brotli or gzip for every compressible response of 1 KB and more (JSON, and web files without a pre-compressed
  // variant); brotli at quality 4 keeps the CPU cost of on-the-fly compression low (docs/decisions/0018).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(errorsPlugin);
  await app.register(openapiPlugin, { version: APP_VERSION });
  await app.register(authPlugin, { changes: opts.dataChanges });
  // After auth: the event names the caller auth resolved.
  await app.register(auditPlugin);

  await app.register(systemRoutes, { version: APP_VERSION });
  await app.register(opsRoutes);
  await app.register(translationRoutes);
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(retentionRoutes);
  await app.register(passkeyRoutes);
  await app.register(passkeySignInRoutes);
  await app.register(stepUpRoutes);
  await app.register(userRoutes);
  await app.register(reminderRoutes);
  await app.register(clientRoutes);
  await app.register(dataRightsRoutes);
  await app.register(portfolioRoutes);
  await app.register(clientImportRoutes);
  await app.register(instanceRoutes);
  await app.register(bulkSendRoutes);
  await app.register(mailRoutes);
  await app.register(questionnaireRoutes);
  await app.register(creditRoutes);
  await app.register(billingRoutes);
  await app.register(resultRoutes);
  await app.register(marketHistoryRoutes);
  await app.register(reportRoutes);
  await app.register(weightRoutes);
  await app.register(fairnessRoutes);
  await app.register(comparisonRoutes);
  await app.register(signupRoutes);
  await app.register(passwordRecoveryRoutes);
  await app.register(demoRoutes);
  await app.register(exportRoutes);
  await app.register(anonymisationRoutes);
  await app.register(biRoutes);
  await app.register(apiCredentialRoutes);
  await app.register(webhookRoutes);
  await app.register(crmRoutes);
  await app.register(yearlyReviewRoutes);
  await app.register(publicLinkRoutes);
  await app.register(publicStartRoutes);
  await app.register(privacyPolicyRoutes);
  await app.register(assessmentNoticeRoutes);
  await app.register(explanationRoutes);
  await app.register(googleSignInRoutes);
  await app.register(ssoRoutes);
  await app.register(brandingRoutes);
  await app.register(senderRoutes);
  await app.register(repeatedMeasurementRoutes);
  await app.register(teamRoutes);
  await app.register(auditRoutes);
  await app.register(auditSettingsRoutes);
  await app.register(scimTokenRoutes);
  // Its own error format and credential (features/scim/scim-routes.ts): encapsulated under its prefix.
  await app.register(scimRoutes, { prefix: SCIM_BASE_PATH });

  await app.register(spaPlugin, {
    root: opts.config.WEB_DIST_DIR ?? paths.webDist,
    branding: {
      participant: (path) => participantPageBrand(app.db, path),
      signIn: (host) => signInPageBrand(app.db, host),
      render: (html, brand) => withPageBrand(html, brand as PageBrand),
    },
  });
  return app;
}
