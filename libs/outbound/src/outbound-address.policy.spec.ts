import { isLoopbackAddress, isPublicAddress } from './outbound-address.policy';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '0:0:0:0:0:ffff:808:808', '::FFFF:808:808'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    ['"this" network 0.0.0.0/8', ['0.0.0.0', '0.1.2.3']],
    ['private 10/8, 172.16/12, 192.168/16', ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1']],
    ['carrier-grade NAT 100.64/10', ['100.64.0.1', '100.127.255.254']],
    ['loopback 127/8', ['127.0.0.1', '127.8.9.10']],
    ['link-local 169.254/16 (cloud metadata)', ['169.254.169.254', '169.254.0.1']],
    ['IETF protocol assignments 192.0.0/24', ['192.0.0.1', '192.0.0.9', '192.0.0.170']],
    ['documentation 192.0.2/24, 198.51.100/24, 203.0.113/24', ['192.0.2.1', '198.51.100.7', '203.0.113.9']],
    ['the old 6to4 relay anycast 192.88.99/24', ['192.88.99.1']],
    ['benchmarking 198.18/15', ['198.18.0.1', '198.19.255.255']],
    ['multicast 224/4', ['224.0.0.1', '239.255.255.250']],
    ['reserved 240/4 and broadcast', ['240.0.0.1', '255.255.255.255']],
  ])('refuses IPv4 %s', (_range, addresses) => {
    expect(addresses.filter(isPublicAddress)).toEqual([]);
  });

  it.each([
    ['unspecified ::/128 and loopback ::1/128', ['::', '::1', '0:0:0:0:0:0:0:1']],
    [
      'IPv4-mapped ::ffff:0:0/96 of a non-public IPv4 address, in every spelling',
      ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a00:1', '0:0:0:0:0:ffff:a9fe:a9fe'],
    ],
    [
      'IPv4-translated ::ffff:0:0:0/96 (RFC 6145), even around a public IPv4 address',
      ['::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '::ffff:0:808:808', '0:0:0:0:ffff:0:a00:1'],
    ],
    ['IPv4-compatible ::/96', ['::8.8.8.8', '::808:808', '::10.0.0.1', '::ffff']],
    ['NAT64 64:ff9b::/96, even around a public IPv4 address', ['64:ff9b::8.8.8.8', '64:ff9b::808:808', '64:ff9b::10.0.0.1', '64:ff9b::1']],
    ['local-use NAT64 64:ff9b:1::/48', ['64:ff9b:1::8.8.8.8', '64:ff9b:1:ffff::1']],
    ['discard-only 100::/64 and the dummy prefix 100:0:0:1::/64', ['100::1', '100::ffff:ffff:ffff:ffff', '100:0:0:1::1']],
    [
      'IETF protocol assignments 2001::/23: Teredo, PCP anycast, benchmarking, ORCHID',
      ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:1::1', '2001:2::1', '2001:20::1', '2001:1ff:ffff::1'],
    ],
    ['documentation 2001:db8::/32 and 3fff::/20', ['2001:db8::1', '3fff:fff::1']],
    ['6to4 2002::/16, around a public or a private IPv4 address', ['2002:808:808::1', '2002:a00:1::1', '2002:7f00:1::1']],
    ['segment-routing SIDs 5f00::/16', ['5f00::1']],
    ['unique-local fc00::/7', ['fc00::1', 'fd00::1', 'fdff:ffff::1']],
    ['link-local fe80::/10, with a zone too', ['fe80::1', 'febf::1', 'fe80::1%eth0']],
    ['site-local fec0::/10', ['fec0::1', 'feff::1']],
    ['multicast ff00::/8', ['ff02::1', 'ff0e::fb']],
    ['space the IETF has not allocated, outside 2000::/3', ['101::1', '4000::1', 'e000::1', '1fff:ffff::1']],
  ])('refuses IPv6 %s', (_range, addresses) => {
    expect(addresses.filter(isPublicAddress)).toEqual([]);
  });

  it.each(['not-an-ip', '', '1.2.3', '::ffff:0:1:2:3:4:5:6', '[::1]'])('refuses %j, which is not an IP literal', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['just after IETF protocol assignments', '2001:200::1'],
    ['just before 6to4, and just after', '2001:ffff::1'],
    ['just after 6to4', '2003::1'],
    ['the last global unicast block', '3ffe::1'],
    ['the AS112 direct delegation, globally reachable', '2620:4f:8000::1'],
    ['IPv4 next to a refused range', '100.128.0.1'],
    ['IPv4 AS112 and AMT, globally reachable', '192.31.196.1'],
  ])('accepts %s (%s)', (_why, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1'])('accepts %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each([
    '10.0.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::',
    'fe80::1',
    '8.8.8.8',
    'localhost',
    '::ffff:10.0.0.1',
    '::ffff:0:7f00:1',
    '::127.0.0.1',
  ])('refuses %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
