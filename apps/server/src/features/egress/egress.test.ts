// The egress gate (docs/decisions/0067): every class of internal address refused, in IPv4, IPv6 and IPv6's forms of an
// IPv4 address; public addresses and the operator's allowed hosts pass; a name is judged by every address it resolves
// to, and the caller is handed the address that was checked.
import { describe, expect, it } from 'vitest';
import { refusedAddressClass } from './address-policy';
import { EgressLookupError, EgressRefusedError, assertPublicDestination, type Lookup } from './public-destination';

const fakeDns =
  (records: Record<string, string[]>): Lookup =>
  async (host) => {
    const found = records[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('the address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.0.10', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    // An IPv4 address inside IPv6 is judged as the IPv4 address it is.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a01:203', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::10.1.2.3', 'private'],
    ['64:ff9b::192.168.0.10', 'private'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(refusedAddressClass(address)).toBe(kind);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('lets the public address %s through', (address) => {
    expect(refusedAddressClass(address)).toBeNull();
  });
});

describe('assertPublicDestination', () => {
  const allowHosts: string[] = [];

  it.each(['127.0.0.1', '10.1.2.3', '169.254.169.254', '192.168.0.10', '::1', '[::ffff:10.0.0.1]'])('refuses the address %s', async (host) => {
    await expect(assertPublicDestination(host, { allowHosts })).rejects.toBeInstanceOf(EgressRefusedError);
  });

  it('refuses a name that resolves to loopback (the real resolver: localhost)', async () => {
    const refused = await assertPublicDestination('localhost', { allowHosts }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(EgressRefusedError);
    expect((refused as EgressRefusedError).refused).toBe('loopback');
  });

  it('refuses a name if any one of its addresses is internal', async () => {
    const lookup = fakeDns({ 'mail.firm.example': ['93.184.216.34', '10.0.0.5'] });
    await expect(assertPublicDestination('mail.firm.example', { allowHosts, lookup })).rejects.toThrow('mail.firm.example resolves to 10.0.0.5, a private address');
  });

  it('hands back the checked address of a public name, with the name for TLS', async () => {
    const lookup = fakeDns({ 'mail.firm.example': ['93.184.216.34'] });
    expect(await assertPublicDestination('Mail.Firm.Example.', { allowHosts, lookup })).toEqual({ host: 'mail.firm.example', address: '93.184.216.34' });
  });

  it('lets the hosts an operator allowed through, by name or address', async () => {
    const lookup = fakeDns({ 'relay.internal': ['10.0.0.25'] });
    expect(await assertPublicDestination('RELAY.internal', { allowHosts: ['relay.internal', '127.0.0.1'], lookup })).toEqual({ host: 'relay.internal', address: '10.0.0.25' });
    expect(await assertPublicDestination('127.0.0.1', { allowHosts: ['relay.internal', '127.0.0.1'] })).toEqual({ host: '127.0.0.1', address: '127.0.0.1' });
    // Allowing one host allows no other that shares its address.
    await expect(assertPublicDestination('127.0.0.2', { allowHosts: ['127.0.0.1'] })).rejects.toBeInstanceOf(EgressRefusedError);
  });

  it('says so when a name does not resolve', async () => {
    await expect(assertPublicDestination('nowhere.example', { allowHosts, lookup: fakeDns({}) })).rejects.toBeInstanceOf(EgressLookupError);
  });
});
