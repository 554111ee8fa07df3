import { isLoopbackAddress, isPublicAddress } from './outbound-address.policy';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
    '64:ff9b::10.0.0.1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['IPv4-compatible ::/96', ['::8.8.8.8', '::808:808', '::10.0.0.1', '::ffff']],
    ['NAT64 64:ff9b::/96, even around a public IPv4 address', ['64:ff9b::8.8.8.8', '64:ff9b::808:808', '64:ff9b::1']],
    ['local-use NAT64 64:ff9b:1::/48', ['64:ff9b:1::8.8.8.8', '64:ff9b:1:ffff::1']],
    ['6to4 2002::/16', ['2002:808:808::1', '2002:a00:1::1']],
    ['Teredo 2001::/32', ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::1']],
    ['documentation 2001:db8::/32 and 3fff::/20', ['2001:db8::1', '3fff:fff::1']],
    ['benchmarking 2001:2::/48', ['2001:2::1']],
    ['discard-only 100::/64', ['100::1', '100::ffff:ffff:ffff:ffff']],
  ])('refuses %s', (_range, addresses) => {
    expect(addresses.filter(isPublicAddress)).toEqual([]);
  });

  it.each(['2001:4860:4860::8888', '2001:1::1', '2003::1', '64:ff9b:2::1', '101::1', '4000::1', '0:0:0:0:0:ffff:808:808'])(
    'accepts %s, just outside those ranges',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'])('accepts %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(['10.0.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::', 'fe80::1', '8.8.8.8', 'localhost', '::ffff:10.0.0.1'])('refuses %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
