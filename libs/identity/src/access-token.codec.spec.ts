import { AccessTokenCodec, generateTokenSecret } from './access-token.codec';

describe('AccessTokenCodec', () => {
  const id = '0b7e8a52-8f5e-4a53-9d8c-0d6e1c7b2a11';
  const secret = generateTokenSecret();

  it('formats and parses <prefix>_<audience>_<id>_<secret>', () => {
    const codec = new AccessTokenCodec('kbill');
    const token = codec.format('api', id, secret);
    expect(token).toBe(`kbill_api_${id}_${secret}`);
    expect(codec.parse(token)).toEqual({ audience: 'api', id, secret });
  });

  it('refuses another host’s token, whatever its parts', () => {
    const kadu = new AccessTokenCodec('kadu');
    const billing = new AccessTokenCodec('kbill');
    expect(billing.parse(kadu.format('mcp', id, secret))).toBeNull();
    expect(kadu.parse(billing.format('mcp', id, secret))).toBeNull();
  });

  it.each(['', 'Kadu', 'k_bill', 'k.b', '1kadu'])('refuses the prefix %p', (prefix) => {
    expect(() => new AccessTokenCodec(prefix)).toThrow(/token prefix/);
  });
});
