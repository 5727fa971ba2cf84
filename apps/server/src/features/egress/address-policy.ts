// Which IP addresses an outbound connection the platform makes on someone's behalf (an account's own SMTP server;
// later webhooks, CRM sync, OpenID discovery) may reach: public unicast only (docs/decisions/0067). Everything a
// connection from inside the deployment could misuse is refused: this host, the private networks, link-local (with
// the clouds' metadata services), carrier-grade NAT, multicast and the reserved ranges, in IPv4 and IPv6, also when
// an IPv4 address is written in one of IPv6's embedding forms.
import { BlockList, isIP } from 'node:net';

export type RefusedClass = 'metadata' | 'loopback' | 'private' | 'link-local' | 'shared' | 'unspecified' | 'multicast' | 'reserved';

const RANGES: [RefusedClass, 'ipv4' | 'ipv6', string, number][] = [
  // The metadata services first: they sit inside link-local and private ranges and deserve their own name.
  ['metadata', 'ipv4', '169.254.169.254', 32],
  ['metadata', 'ipv4', '100.100.100.200', 32],
  ['metadata', 'ipv6', 'fd00:ec2::254', 128],
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['shared', 'ipv4', '100.64.0.0', 10],
  ['reserved', 'ipv4', '192.0.0.0', 24],
  ['reserved', 'ipv4', '198.18.0.0', 15],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  ['private', 'ipv6', 'fc00::', 7],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['private', 'ipv6', 'fec0::', 10],
  ['multicast', 'ipv6', 'ff00::', 8],
];

const lists = RANGES.map(([kind, type, network, prefix]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { kind, type, list };
});

/** The IPv4 address inside an IPv6 one that carries it (::ffff:a.b.c.d, ::a.b.c.d, NAT64 64:ff9b::/96), else null. */
export function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const head = groups.slice(0, 6);
  const zeros = (n: number) => head.slice(0, n).every((g) => g === 0);
  const mapped = zeros(5) && head[5] === 0xffff;
  const compatible = zeros(6) && (groups[6]! !== 0 || groups[7]! > 1);
  const nat64 = head[0] === 0x64 && head[1] === 0xff9b && head.slice(2).every((g) => g === 0);
  if (!mapped && !compatible && !nat64) return null;
  return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (with a dotted IPv4 tail or :: shortening), or null if it is none. */
function expandIpv6(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left, right] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const l = part(left);
  const r = part(right);
  return right === undefined ? l : [...l, ...Array<number>(8 - l.length - r.length).fill(0), ...r];
}

/** Why an outbound connection may not go to this IP address, or null for a public unicast address. */
export function refusedAddressClass(address: string): RefusedClass | null {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  const v4 = family === 4 ? address : embeddedIpv4(address);
  if (v4) {
    for (const { kind, type, list } of lists) if (type === 'ipv4' && list.check(v4, 'ipv4')) return kind;
    if (v4 === '255.255.255.255') return 'reserved';
    if (family === 4) return null;
  }
  const v6 = address.split('%')[0]!;
  for (const { kind, type, list } of lists) if (type === 'ipv6' && list.check(v6, 'ipv6')) return kind;
  return null;
}
