// GET|PUT /api/audit/settings: the account's compliance address, where the daily signed checkpoint of its audit chain
// is mailed (docs/decisions/0039). Read by holders of AUDIT_LOG; changed by an account admin with a fresh second-factor
// proof, since it decides who holds the copy that can expose a shortened trail.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditSettings } from '@bq/contracts/audit';
import { accounts } from '../../db/schema';
import { apiErrors } from '../../plugins/openapi';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];

export const auditSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = async (accountId: string) => {
    const [row] = await app.db.select({ email: accounts.auditComplianceEmail }).from(accounts).where(eq(accounts.id, accountId));
    return { complianceEmail: row?.email ?? null };
  };

  app.get(
    '/api/audit/settings',
    {
      // The account's own setting, no client's data: not itself an event.
      config: { permission: { realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' }, audit: false },
      schema: {
        operationId: 'getAuditSettings',
        tags: ['audit'],
        description: "Where the daily signed checkpoint of the account's audit chain head is mailed (null: nowhere).",
        response: { 200: ZAuditSettings, ...apiErrors({ 401: UNAUTHORIZED, 403: ['error.auth.forbidden'] }) },
      },
    },
    async (request) => read(request.auth.accountId),
  );

  app.put(
    '/api/audit/settings',
    {
      config: {
        sessionOnly: true,
        stepUp: true,
        permission: { realm: 'BQ_ADMIN', entity: 'ALL', action: 'UPDATE' },
        // The address is a person's: the trail keeps only whether one is set.
        audit: { action: 'audit.settings_update', details: (r) => ({ complianceEmailSet: Boolean((r.body as { complianceEmail?: unknown }).complianceEmail) }) },
      },
      schema: {
        operationId: 'updateAuditSettings',
        tags: ['audit'],
        description: 'Sets (or with null clears) the compliance address. Account admins; asks for the second factor again after 10 minutes.',
        body: ZAuditSettings,
        response: {
          200: ZAuditSettings,
          ...apiErrors({ 400: ['error.validation', 'error.validation.invalid_email'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden', 'error.two_factor.step_up_required'] }),
        },
      },
    },
    async (request) => {
      const { accountId } = request.auth;
      await app.db.update(accounts).set({ auditComplianceEmail: request.body.complianceEmail }).where(eq(accounts.id, accountId));
      return read(accountId);
    },
  );
};
