// Which routes ask for step-up (docs/decisions/0045), read from the route table: adding `stepUp: true` to a route
// (erasing a client, retention, single sign-on settings) must show up here, and removing it too.
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { apiRoutes } from '../../test/route-table';

const collected: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (r) => void collected.push(r) });
});
afterAll(() => t.close());

describe('step-up routes', () => {
  it('are exactly these, each signed in with a session', () => {
    const marked = apiRoutes(collected).filter((r) => (r.route.config as FastifyContextConfig | undefined)?.stepUp);
    expect(marked.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/account/crm/:provider',
      'DELETE /api/account/security/members/:userId/factors',
      'DELETE /api/account/sender',
      'DELETE /api/user/2fa/passkeys/:id',
      'POST /api/account/crm/:provider/connect',
      'POST /api/account/webhooks',
      'POST /api/account/webhooks/:id/secret',
      'POST /api/client/:token/erase',
      'POST /api/management/credentials',
      'POST /api/sso/scim/token',
      'POST /api/user/2fa/passkeys',
      'POST /api/user/2fa/passkeys/registration-options',
      'POST /api/user/2fa/totp',
      'POST /api/user/2fa/totp/confirm',
      'PUT /api/account/public-link-settings',
      'PUT /api/account/retention',
      'PUT /api/account/security',
      'PUT /api/account/sender',
      'PUT /api/account/sso',
      'PUT /api/account/sso/saml',
      'PUT /api/account/webhooks/:id',
      'PUT /api/audit/settings',
    ]);
    // Step-up needs a session to stamp: a public route or an API credential has none.
    for (const r of marked) {
      const config = r.route.config as FastifyContextConfig;
      expect(config.public, r.url).toBeFalsy();
      expect(config.sessionOnly, r.url).toBe(true);
    }
  });
});
