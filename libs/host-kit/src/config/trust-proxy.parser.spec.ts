import { parseTrustProxy } from './trust-proxy.parser';

describe('parseTrustProxy', () => {
  const parse = (value: string | undefined) => {
    const problems: string[] = [];
    return { value: parseTrustProxy(value, problems), problems };
  };

  it('trusts no proxy when unset or false', () => {
    expect(parse(undefined)).toEqual({ value: false, problems: [] });
    expect(parse('false')).toEqual({ value: false, problems: [] });
    expect(parse('OFF')).toEqual({ value: false, problems: [] });
  });

  it('takes a hop count', () => {
    expect(parse('1')).toEqual({ value: 1, problems: [] });
    expect(parse('2')).toEqual({ value: 2, problems: [] });
    expect(parse('33').problems).toEqual(['TRUST_PROXY must be a hop count from 0 to 32, or a list of addresses (got "33")']);
  });

  it('takes addresses, CIDRs and the named ranges', () => {
    expect(parse('loopback, 10.0.0.0/8,fd00::/8, 192.168.1.10,UniqueLocal,linklocal,::1')).toEqual({
      value: ['loopback', '10.0.0.0/8', 'fd00::/8', '192.168.1.10', 'uniquelocal', 'linklocal', '::1'],
      problems: [],
    });
  });

  it('refuses true, which would believe the client-written left-most entry', () => {
    expect(parse('true')).toEqual({ value: false, problems: [expect.stringMatching(/^TRUST_PROXY=true would believe any X-Forwarded-For/)] });
  });

  it('names every invalid entry and the setting', () => {
    const { value, problems } = parse('loopback,10.0.0.0/33,proxy.internal,1.2.3.4/8/1,,::1/129');
    expect(value).toBe(false);
    expect(problems).toEqual([
      'TRUST_PROXY: "10.0.0.0/33", "proxy.internal", "1.2.3.4/8/1", "", "::1/129" is not an IP address, a CIDR, loopback, linklocal or uniquelocal ' +
        '(got "loopback,10.0.0.0/33,proxy.internal,1.2.3.4/8/1,,::1/129")',
    ]);
  });
});
