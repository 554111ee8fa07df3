import { CliUsageError, parseCliOptions } from '@kobana/host-kit';
import type { NewPublicClient } from '../grants/connected-app.interface';
import { isAllowedRedirectUri } from '../registration/redirect-uri.policy';
import { OAUTH_CLI_MESSAGES } from './oauth-cli.messages';

/** Longest `client_name` accepted (what a consent page can show on one line or two). */
const MAX_NAME_LENGTH = 100;
/** RFC 6749 scope-token characters. */
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * Reads `client create --name <n> --redirect-uri <uri> [--redirect-uri ...] [--scope "a b"]`.
 * Redirect URIs follow the server's own policy (`isAllowedRedirectUri`, the
 * one registration and every client load apply): https, or http only on a
 * loopback address (native apps, RFC 8252 §7.3); never a fragment.
 *
 * @throws CliUsageError
 */
export function parseClientCreateArgs(args: string[]): NewPublicClient {
  const values = parseCliOptions(args, { name: { type: 'string' }, 'redirect-uri': { type: 'string', multiple: true }, scope: { type: 'string' } });
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (!name) throw new CliUsageError(OAUTH_CLI_MESSAGES.nameRequired);
  if (name.length > MAX_NAME_LENGTH) throw new CliUsageError(OAUTH_CLI_MESSAGES.nameTooLong(MAX_NAME_LENGTH));
  const redirectUris = values['redirect-uri'] ?? [];
  if (redirectUris.length === 0) throw new CliUsageError(OAUTH_CLI_MESSAGES.redirectRequired);
  for (const uri of redirectUris) if (!isAllowedRedirectUri(uri)) throw new CliUsageError(OAUTH_CLI_MESSAGES.badRedirect(uri));
  const scopes = typeof values.scope === 'string' ? values.scope.split(/[\s,]+/).filter(Boolean) : [];
  const bad = scopes.find((scope) => !SCOPE.test(scope));
  if (bad !== undefined) throw new CliUsageError(OAUTH_CLI_MESSAGES.badScope(bad));
  return { name, redirectUris: [...new Set(redirectUris)], ...(scopes.length ? { scope: scopes.join(' ') } : {}) };
}

/** Reads `client delete --id <client id>`. @throws CliUsageError */
export function parseClientDeleteArgs(args: string[]): { id: string } {
  const values = parseCliOptions(args, { id: { type: 'string' } });
  const id = typeof values.id === 'string' ? values.id.trim() : '';
  if (!id || id.length > 2048 || /\s/.test(id)) throw new CliUsageError(OAUTH_CLI_MESSAGES.badClientId(String(values.id ?? '')));
  return { id };
}

/** Reads `client list` (no options). @throws CliUsageError */
export function parseClientListArgs(args: string[]): Record<string, never> {
  parseCliOptions(args, {});
  return {};
}
