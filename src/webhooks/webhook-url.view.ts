/**
 * What a person deciding on a webhook change sees of its URL: the scheme and
 * host only. The path and query often carry the receiver's token, and the
 * host is what tells where the organization's events would go.
 */
export function shownWebhookUrl(url: unknown): string {
  const parsed = new URL(String(url));
  return `${parsed.protocol}//${parsed.host}/…`;
}
