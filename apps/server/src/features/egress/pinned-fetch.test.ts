// The egress gate at connect time (decision 0087): the connection resolves its host through the gate and connects to
// the address checked then, so a name that answered a public address to the check and an internal one to the
// connection (DNS rebinding) reaches nothing. A scripted DNS stands in for the attacker's name server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedFetch } from './pinned-fetch';
import { EgressRefusedError, type Lookup } from './public-destination';

let server: Server;
let port: number;
const requests: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.headers.host}${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ issuer: 'local' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The cause chain's egress refusal, if any. */
function refusalIn(err: unknown): EgressRefusedError | null {
  for (let cause = err; cause; cause = (cause as { cause?: unknown }).cause) if (cause instanceof EgressRefusedError) return cause;
  return null;
}

describe('pinnedFetch', () => {
  it("connects to the address the gate resolved (an allowed host's scripted answer, a name no real DNS has)", async () => {
    const lookup: Lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const gated = pinnedFetch({ allowHosts: ['idp.pinned.test'], lookup });
    const answer = await gated(`http://idp.pinned.test:${port}/.well-known/openid-configuration`);
    expect(answer).toBeInstanceOf(Response);
    expect(await answer.json()).toEqual({ issuer: 'local' });
    expect(requests).toContain(`idp.pinned.test:${port}/.well-known/openid-configuration`);
  });

  it('refuses a name that answers a public address to the check and loopback to the connection', async () => {
    let asked = 0;
    const rebinding: Lookup = async () => (asked++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    const before = requests.length;
    const gated = pinnedFetch({ allowHosts: [], lookup: rebinding });
    const failure = await gated(`http://rebind.example:${port}/token`).catch((err: unknown) => err);
    expect(refusalIn(failure)).toMatchObject({ host: 'rebind.example', address: '127.0.0.1', refused: 'loopback' });
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(requests.length).toBe(before);
  });

  it('refuses an internal address written as the host before connecting', async () => {
    const before = requests.length;
    const failure = await pinnedFetch({ allowHosts: [] })(`http://127.0.0.1:${port}/jwks`).catch((err: unknown) => err);
    expect(refusalIn(failure)).toMatchObject({ address: '127.0.0.1', refused: 'loopback' });
    expect(requests.length).toBe(before);
  });
});
