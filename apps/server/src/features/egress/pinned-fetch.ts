// fetch behind the egress gate, pinned to the checked address (docs/decisions/0067, its addendum of 0087). The host is
// checked before the request (an IP literal has no lookup at connect time), and the connection's own lookup goes
// through the same gate: the socket connects to the address that was checked at that moment, so a DNS answer that
// changes between the check and the connection (DNS rebinding) reaches no internal address. undici's Agent carries
// the lookup (global fetch cannot take one); its answer is handed back as the global Response openid-client expects.
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { assertPublicDestination, type Lookup } from './public-destination';

export interface PinnedFetchOptions {
  allowHosts: readonly string[];
  /** The resolver (tests: a scripted DNS). */
  lookup?: Lookup;
  /** Connect, headers and body timeouts of each request, in ms. */
  timeoutMs?: number;
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/** The connection's lookup: the gate's checked address, or its refusal as the connection's error. */
function gatedLookup(opts: PinnedFetchOptions) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    assertPublicDestination(hostname, { allowHosts: opts.allowHosts, lookup: opts.lookup }).then(
      ({ address }) => {
        const family = isIP(address);
        if (options?.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (err: Error) => callback(err, ''),
    );
  };
}

export function pinnedFetch(opts: PinnedFetchOptions): (url: string | URL, init?: RequestInit) => Promise<Response> {
  const timeout = opts.timeoutMs ?? 10_000;
  const dispatcher = new Agent({ connect: { lookup: gatedLookup(opts), timeout }, headersTimeout: timeout, bodyTimeout: timeout });
  return async (url, init) => {
    await assertPublicDestination(new URL(url).hostname, { allowHosts: opts.allowHosts, lookup: opts.lookup });
    const answer = await undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher });
    return new Response(answer.body as ReadableStream<Uint8Array> | null, { status: answer.status, statusText: answer.statusText, headers: new Headers([...answer.headers]) });
  };
}
