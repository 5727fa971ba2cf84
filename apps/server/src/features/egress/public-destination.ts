// The one gate of the platform's outbound connections to addresses someone else chose (docs/decisions/0067): resolve
// the host name (every A and AAAA record), refuse it if any of them is not public (address-policy.ts), and hand back
// the address that was checked, so the caller connects to exactly that one (a second lookup at connect time could be
// answered differently: DNS rebinding). Hosts an operator named in EGRESS_ALLOW_HOSTS (an on-premises mail relay, the
// tests' local servers) are resolved but not checked.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { refusedAddressClass, type RefusedClass } from './address-policy';

export interface Destination {
  /** The host as given, lower-cased: for TLS (SNI, certificate check) and messages. */
  host: string;
  /** The address to connect to. */
  address: string;
}

export class EgressRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly refused: RefusedClass,
  ) {
    super(host === address ? `${address} is a ${refused} address` : `${host} resolves to ${address}, a ${refused} address`);
  }
}

export class EgressLookupError extends Error {}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** A host name as compared with EGRESS_ALLOW_HOSTS: lower case, no trailing dot, IPv6 without brackets. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1');
}

export async function assertPublicDestination(host: string, opts: { allowHosts: readonly string[]; lookup?: Lookup }): Promise<Destination> {
  const name = normaliseHost(host);
  const allowed = opts.allowHosts.includes(name);
  let addresses: string[];
  if (isIP(name)) addresses = [name];
  else {
    try {
      addresses = (await (opts.lookup ?? systemLookup)(name)).map((a) => a.address);
    } catch (err) {
      throw new EgressLookupError(`${name} could not be resolved: ${(err as Error).message}`);
    }
    if (addresses.length === 0) throw new EgressLookupError(`${name} has no address`);
  }
  if (!allowed) {
    for (const address of addresses) {
      const refused = refusedAddressClass(address);
      if (refused) throw new EgressRefusedError(name, address, refused);
    }
  }
  return { host: name, address: addresses[0]! };
}
