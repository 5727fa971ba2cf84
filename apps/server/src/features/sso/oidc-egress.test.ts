// The account's OpenID provider behind the egress gate (docs/decisions/0067, 0073): an account admin chooses its
// address, so an issuer that is or resolves to an internal address is refused when saved and at every request the
// sign-in would make (discovery, JWKS, token endpoint), unless the operator allowed the host in EGRESS_ALLOW_HOSTS, as
// the other tests here allow their local stand-in (127.0.0.1).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoConnections, ssoDomains } from '../../db/schema';
import { encryptSecret } from '../../plugins/data-encryption';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { newDomain, newIp, signInThroughProvider, ssoAccount } from './sso-test-helpers';

let shipped: TestApp;
let allowing: TestApp;
let provider: TestOidcProvider;
/** An "internal service" that counts what reaches it. */
let internal: Server;
let internalUrl: string;
let hits = 0;
beforeAll(async () => {
  provider = await startOidcProvider();
  internal = createServer((_req, res) => {
    hits += 1;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  // The platform as shipped (nothing allowed), and one whose operator allowed the local provider's host.
  shipped = await createTestApp();
  allowing = await createTestApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all([shipped.close(), allowing.close(), provider.close()]);
  await new Promise((resolve) => internal.close(resolve));
});

describe("the account's OpenID provider and the egress gate", () => {
  it('refuses to save an issuer at an internal address', async () => {
    const acc = await createAccount(shipped.db);
    const admin = await createUser(shipped.db, acc.account.id);
    const http = new TestClient(shipped.app, newIp());
    expect((await http.login(admin.email, admin.password)).statusCode).toBe(200);
    for (const issuer of [internalUrl, 'http://169.254.169.254/latest', 'http://[::1]:8080', 'http://localhost:9']) {
      const res = await http.request('PUT', '/api/account/sso', { issuer, clientId: 'c', clientSecret: 's', domains: [newDomain()], signOnRequired: false });
      expect([issuer, res.statusCode, res.json().errorKey]).toEqual([issuer, 400, 'error.sso.provider_private_address']);
    }
    expect(hits).toBe(0);
  });

  it('sends no request to an internal issuer saved before the rule: the sign-in start is refused', async () => {
    const domain = newDomain();
    const acc = await createAccount(shipped.db);
    await shipped.db.insert(ssoConnections).values({
      accountId: acc.account.id,
      issuer: internalUrl,
      clientId: 'c',
      clientSecretEncrypted: encryptSecret(shipped.config.dataEncryptionKey, 'sso-client-secret', 's', acc.account.id),
    });
    await shipped.db.insert(ssoDomains).values({ domain, accountId: acc.account.id, confirmedAt: new Date() });
    const res = await new TestClient(shipped.app, newIp()).request('POST', '/api/sso/oidc/start', { email: `a@${domain}` });
    expect([res.statusCode, res.json().errorKey]).toEqual([502, 'error.sso.provider_private_address']);
    expect(hits).toBe(0);
  });

  it('lets a host the operator allowed through (EGRESS_ALLOW_HOSTS), and only that host', async () => {
    const domain = newDomain();
    await ssoAccount(allowing, provider, domain);
    const email = `allowed@${domain}`;
    const { res } = await signInThroughProvider(allowing, email);
    expect(res.statusCode).toBe(200);
    const acc = await createAccount(allowing.db);
    const admin = await createUser(allowing.db, acc.account.id);
    const http = new TestClient(allowing.app, newIp());
    await http.login(admin.email, admin.password);
    const other = await http.request('PUT', '/api/account/sso', { issuer: 'http://127.0.0.2:9', clientId: 'c', clientSecret: 's', domains: [newDomain()], signOnRequired: false });
    expect(other.json().errorKey).toBe('error.sso.provider_private_address');
  });
});
