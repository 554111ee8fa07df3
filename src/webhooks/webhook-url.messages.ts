/** What a caller is told (400, as a validation error) about a webhook URL refused when saved. */
export const WEBHOOK_URL_MESSAGES = {
  notUrl: 'url must be a URL address',
  hostForm: 'url host must be a DNS name, an IPv4 address in dotted-quad form or a bracketed IPv6 address',
  dnsName: 'url host must be a DNS name of labels of 1 to 63 letters, digits and hyphens (no hyphen first or last), 253 characters at most, written in ASCII',
  dottedQuad: 'url host must be an IPv4 address as four decimal numbers from 0 to 255 without leading zeros (as 192.0.2.1)',
  punycode: (label: string): string => `url host label ${label} is not a valid internationalized (xn--) label`,
  reservedLabel: (label: string): string => `url host label ${label} has hyphens in its third and fourth characters, reserved for xn-- labels`,
  notPublic: 'url must point to a public internet address',
  doesNotResolve: (host: string): string => `url host ${host} does not resolve`,
} as const;
