import { isIP } from 'node:net';
import { WEBHOOK_URL_MESSAGES as MESSAGES } from './webhook-url.messages';
// The userland package by path: a bare `punycode` resolves to Node's deprecated built-in, which warns at load.
import { decode as decodePunycode } from 'punycode/punycode.js';

/** A webhook URL's host once the policy accepted it, as the sender connects to it. */
export interface WebhookHost {
  kind: 'dns' | 'ipv4' | 'ipv6';
  /** Lower case; an IPv6 address without its brackets, in the URL parser's canonical form. */
  name: string;
}

/** The policy's answer: the host, or the message (400) saying what is wrong. */
export type WebhookHostVerdict = { ok: true; host: WebhookHost } | { ok: false; message: string };

const AUTHORITY = /^https?:\/\/([^/?#]*)/i;
const PORT = /^(?::\d*)?$/;
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const DOTTED_QUAD = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
/** A last label the WHATWG URL parser reads as a number, making the whole host an IPv4 address (`127.1`, `0x7f000001`). */
const NUMERIC_LABEL = /^(?:\d+|0x[0-9a-f]*)$/;
/** An internationalized label's text: letters, digits, combining marks after the first character, hyphens. */
const IDN_LABEL = /^[\p{L}\p{Nd}][\p{L}\p{M}\p{Nd}-]*$/u;
const MAX_NAME_LENGTH = 253;

/**
 * What a webhook URL's host may be, decided here rather than inherited from
 * the runtime's URL parser, whose answers differ between Node versions (Node
 * 24 accepts `http://xn--a.com`, Node 20 refuses it) and which rewrites
 * shorthand addresses (`http://127.1`, `http://0x7f.1`, `http://2130706433`
 * all reach 127.0.0.1). The host is read as written:
 *
 * - a DNS name: labels of 1–63 ASCII letters, digits and hyphens, no hyphen
 *   first or last, 253 characters at most, no empty label (so no trailing
 *   dot), no underscore; a label with `--` in its third and fourth
 *   characters only as an `xn--` label that decodes (Punycode) to lower-case
 *   NFC text of letters, digits, marks and hyphens, with at least one
 *   non-ASCII character. A name in Unicode is refused: it is written in its
 *   `xn--` form, which is what is stored and what the sender resolves;
 * - an IPv4 address in dotted-quad form only (four decimal numbers 0–255, no
 *   leading zero, which the parser would read as octal): every host whose
 *   last label is a number is one the parser takes for an address;
 * - an IPv6 address in brackets, any RFC 4291 text form, without a zone.
 *
 * Userinfo, port and path are the parser's. Whitespace, control characters
 * and backslashes (which the parser reads as `/`, moving the host) are
 * refused anywhere in the URL. Whether the address is public is checked
 * afterwards, by the caller.
 */
export function checkWebhookUrlHost(url: string): WebhookHostVerdict {
  const authority = hasUnsafeCharacter(url) ? null : AUTHORITY.exec(url)?.[1];
  if (authority == null) return refuse(MESSAGES.notUrl);
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  const verdict = hostAndPort.startsWith('[') ? checkIpv6(hostAndPort) : checkNameOrIpv4(hostAndPort);
  if (!verdict.ok) return verdict;
  // The parser must see the host just read: it is what the sender connects to.
  const parsed = URL.parse(url);
  if (parsed === null) return refuse(MESSAGES.notUrl);
  if (verdict.host.kind === 'ipv6') {
    const canonical = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
    return canonical !== parsed.hostname && isIP(canonical) === 6 ? accept('ipv6', canonical) : refuse(MESSAGES.notUrl);
  }
  return parsed.hostname === verdict.host.name ? verdict : refuse(MESSAGES.notUrl);
}

function checkIpv6(hostAndPort: string): WebhookHostVerdict {
  const end = hostAndPort.indexOf(']');
  if (end < 0 || !PORT.test(hostAndPort.slice(end + 1))) return refuse(MESSAGES.notUrl);
  const address = hostAndPort.slice(1, end);
  return isIP(address) === 6 && !address.includes('%') ? accept('ipv6', address.toLowerCase()) : refuse(MESSAGES.hostForm);
}

function checkNameOrIpv4(hostAndPort: string): WebhookHostVerdict {
  const colon = hostAndPort.indexOf(':');
  const host = (colon < 0 ? hostAndPort : hostAndPort.slice(0, colon)).toLowerCase();
  if (colon >= 0 && !PORT.test(hostAndPort.slice(colon))) return refuse(MESSAGES.notUrl);
  if (host === '') return refuse(MESSAGES.notUrl);
  const labels = host.split('.');
  if (NUMERIC_LABEL.test(labels[labels.length - 1])) {
    return DOTTED_QUAD.test(host) ? accept('ipv4', host) : refuse(MESSAGES.dottedQuad);
  }
  if (host.length > MAX_NAME_LENGTH || !labels.every((label) => LDH_LABEL.test(label))) return refuse(MESSAGES.dnsName);
  for (const label of labels) {
    if (label.slice(2, 4) !== '--') continue;
    if (!label.startsWith('xn--')) return refuse(MESSAGES.reservedLabel(label));
    if (!isValidIdnLabel(label)) return refuse(MESSAGES.punycode(label));
  }
  return accept('dns', host);
}

/**
 * Whether an `xn--` label stands for an internationalized label a registry
 * could have issued. Decoded here rather than by the URL parser, whose checks
 * of `xn--` labels changed between Node versions (20 refuses `xn--a`, 24
 * accepts it).
 */
function isValidIdnLabel(label: string): boolean {
  const text = decodedLabel(label.slice('xn--'.length));
  if (text === null || ![...text].some((char) => char.codePointAt(0)! > 0x7f)) return false;
  if (text !== text.normalize('NFC') || text !== text.toLowerCase() || !IDN_LABEL.test(text)) return false;
  return !text.endsWith('-') && text.slice(2, 4) !== '--';
}

/**
 * The Unicode text of Punycode (RFC 3492), or null when it is none: a
 * character that is no digit, a truncated number, a code point past U+10FFFF
 * or a non-ASCII character before the delimiter, each of which the package
 * throws a `RangeError` for.
 */
function decodedLabel(encoded: string): string | null {
  try {
    return decodePunycode(encoded);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Whitespace, control characters (C0, DEL, C1) and backslashes. */
function hasUnsafeCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return /\s/u.test(text);
}

function accept(kind: WebhookHost['kind'], name: string): WebhookHostVerdict {
  return { ok: true, host: { kind, name } };
}

function refuse(message: string): WebhookHostVerdict {
  return { ok: false, message };
}
