import fc from 'fast-check';
import { checkWebhookUrlHost, WebhookHost } from './webhook-url-host.policy';
import { WEBHOOK_URL_MESSAGES as MESSAGES } from './webhook-url.messages';

// Each row's answer is the policy's, not the runtime URL parser's: Kadu runs on Node 24 and starts
// on 20, whose parsers disagree on some of these hosts (xn--a.com).
describe('checkWebhookUrlHost', () => {
  const label63 = 'a'.repeat(63);
  const name253 = [label63, label63, label63, 'a'.repeat(61)].join('.');

  it.each<[string, WebhookHost]>([
    ['https://hooks.example.com/kadu', { kind: 'dns', name: 'hooks.example.com' }],
    ['https://HOOKS.Example.COM/kadu', { kind: 'dns', name: 'hooks.example.com' }],
    ['http://localhost:8080/x', { kind: 'dns', name: 'localhost' }],
    ['https://a-b.c0/x', { kind: 'dns', name: 'a-b.c0' }],
    ['https://123.example.com/x', { kind: 'dns', name: '123.example.com' }],
    [`https://${label63}.com/x`, { kind: 'dns', name: `${label63}.com` }],
    [`https://${name253}/x`, { kind: 'dns', name: name253 }],
    ['https://user:p%40ss@hooks.example.com:8443/x?y#z', { kind: 'dns', name: 'hooks.example.com' }],
    ['https://xn--bcher-kva.example/hook', { kind: 'dns', name: 'xn--bcher-kva.example' }],
    ['https://XN--MNCHEN-3YA.de/hook', { kind: 'dns', name: 'xn--mnchen-3ya.de' }],
    ['https://xn--fiqs8s.cn/hook', { kind: 'dns', name: 'xn--fiqs8s.cn' }],
    ['http://93.184.215.14/hook', { kind: 'ipv4', name: '93.184.215.14' }],
    ['http://0.0.0.0/hook', { kind: 'ipv4', name: '0.0.0.0' }],
    ['http://255.255.255.255:80/hook', { kind: 'ipv4', name: '255.255.255.255' }],
    ['http://[2001:db8::1]/hook', { kind: 'ipv6', name: '2001:db8::1' }],
    ['http://[2001:DB8:0:0:0:0:0:1]:8080/hook', { kind: 'ipv6', name: '2001:db8::1' }],
    ['http://[::1]/hook', { kind: 'ipv6', name: '::1' }],
    ['http://[::ffff:192.0.2.1]/hook', { kind: 'ipv6', name: '::ffff:c000:201' }],
  ])('accepts %s', (url, host) => {
    expect(checkWebhookUrlHost(url)).toEqual({ ok: true, host });
  });

  it.each<[string, string]>([
    // Punycode: xn-- labels that do not decode (xn--bcher-kv is cut short, xn--9999… goes past U+10FFFF), or decode to
    // what no registry issues: U+0080 (xn--a) and other controls, bchĐer (upper case), bu + U+0308 (not NFC), U+0308
    // first, ☃ (no letter), ab--ü (-- in third and fourth place).
    ['http://xn--a.com/hook', MESSAGES.punycode('xn--a')],
    ['http://xn--abc.com/hook', MESSAGES.punycode('xn--abc')],
    ['http://xn--bcher-kv.com/hook', MESSAGES.punycode('xn--bcher-kv')],
    ['http://xn--99999999999999.com/hook', MESSAGES.punycode('xn--99999999999999')],
    ['http://xn--bcher-1ya.com/hook', MESSAGES.punycode('xn--bcher-1ya')],
    ['http://xn--bucher-xyd.com/hook', MESSAGES.punycode('xn--bucher-xyd')],
    ['http://xn--abc-cec.com/hook', MESSAGES.punycode('xn--abc-cec')],
    ['http://xn--n3h.com/hook', MESSAGES.punycode('xn--n3h')],
    ['http://xn--ab---3ra.com/hook', MESSAGES.punycode('xn--ab---3ra')],
    ['http://ab--cd.com/hook', MESSAGES.reservedLabel('ab--cd')],
    // DNS names: ASCII letters, digits and hyphens, 1-63 per label, 253 in all.
    ['http://bücher.example/hook', MESSAGES.dnsName],
    ['http://-hooks.example.com/hook', MESSAGES.dnsName],
    ['http://hooks-.example.com/hook', MESSAGES.dnsName],
    ['http://xn--.com/hook', MESSAGES.dnsName],
    ['http://xn--bcher-kva-.com/hook', MESSAGES.dnsName],
    ['http://hooks_kadu.example.com/hook', MESSAGES.dnsName],
    ['http://hooks..example.com/hook', MESSAGES.dnsName],
    ['http://hooks.example.com./hook', MESSAGES.dnsName],
    [`http://${'a'.repeat(64)}.com/hook`, MESSAGES.dnsName],
    [`http://${name253}a/hook`, MESSAGES.dnsName],
    ['http://ex%61mple.com/hook', MESSAGES.dnsName],
    // IPv4: dotted quad only; every host ending in a number is an address to the parser.
    ['http://127.1/hook', MESSAGES.dottedQuad],
    ['http://0x7f.0.0.1/hook', MESSAGES.dottedQuad],
    ['http://0177.0.0.1/hook', MESSAGES.dottedQuad],
    ['http://010.0.0.1/hook', MESSAGES.dottedQuad],
    ['http://2130706433/hook', MESSAGES.dottedQuad],
    ['http://0x100000000/hook', MESSAGES.dottedQuad],
    ['http://256.1.1.1/hook', MESSAGES.dottedQuad],
    ['http://1.2.3.4.5/hook', MESSAGES.dottedQuad],
    ['http://example.123/hook', MESSAGES.dottedQuad],
    ['http://example.0x/hook', MESSAGES.dottedQuad],
    // IPv6: bracketed, no zone.
    ['http://[fe80::1%25eth0]/hook', MESSAGES.hostForm],
    ['http://[1:2:3:4:5:6:7:8:9]/hook', MESSAGES.hostForm],
    ['http://[93.184.215.14]/hook', MESSAGES.hostForm],
    // Not a URL whose host can be read as written.
    ['http://evil.example\\@hooks.example.com/hook', MESSAGES.notUrl],
    ['http://hooks.example.com /hook', MESSAGES.notUrl],
    ['http://hooks.example.com\t/hook', MESSAGES.notUrl],
    ['http://hooks.example.com:99999/hook', MESSAGES.notUrl],
    ['http://hooks.example.com:8a/hook', MESSAGES.notUrl],
    ['http://[::1/hook', MESSAGES.notUrl],
    ['http:///hook', MESSAGES.notUrl],
    ['http:/hooks.example.com/hook', MESSAGES.notUrl],
    ['ftp://hooks.example.com/hook', MESSAGES.notUrl],
  ])('refuses %s', (url, message) => {
    expect(checkWebhookUrlHost(url)).toEqual({ ok: false, message });
  });

  it('never throws, and an accepted URL is one the parser reads with the same host', () => {
    const hostChars = fc.constantFrom(...'ab9-.:[]x%@\\/#?ü0'.split(''));
    const url = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true, authoritySettings: { withIPv4: true, withIPv6: true, withPort: true } }),
      fc
        .tuple(fc.constantFrom('http://', 'https://', 'http:/', 'HTTP://'), fc.string({ unit: hostChars, maxLength: 30 }))
        .map(([scheme, rest]) => scheme + rest),
    );
    fc.assert(
      fc.property(url, (candidate) => {
        const verdict = checkWebhookUrlHost(candidate);
        if (!verdict.ok) return;
        const { kind, name } = verdict.host;
        expect(URL.parse(candidate)?.hostname).toBe(kind === 'ipv6' ? `[${name}]` : name);
      }),
      { numRuns: 2000 },
    );
  });
});
