import { CliOptionValues } from './cli-args.parser';
import { CliUsageError } from './cli-usage.error';
import { CLI_MESSAGES } from './cli.messages';

/**
 * Lifetime of a token minted on the command line when none is asked for: a
 * forgotten token stops opening anything after a quarter, and a token that
 * never expires has to be asked for by name (`--no-expiry`).
 */
export const DEFAULT_CLI_TOKEN_DAYS = 90;

/** The options of `token create` that set its lifetime. `--expires-in-days` is the older spelling of `--expires-in`. */
export const TOKEN_LIFETIME_OPTIONS = {
  'expires-in': { type: 'string' },
  'expires-in-days': { type: 'string' },
  'no-expiry': { type: 'boolean' },
} as const;

/** Usage lines of {@link TOKEN_LIFETIME_OPTIONS}, indented like the rest of a command's options. */
export const TOKEN_LIFETIME_USAGE = `--expires-in <days>   default: ${DEFAULT_CLI_TOKEN_DAYS} (fractions allowed; --expires-in-days is the same)
        --no-expiry           the token never expires (until revoked): only when asked for`;

/**
 * The lifetime in days the options ask for, {@link DEFAULT_CLI_TOKEN_DAYS}
 * when they ask for none, or `null` for `--no-expiry`.
 *
 * @throws CliUsageError for a value that is not a positive number, or contradicting options.
 */
export function parseTokenLifetime(values: CliOptionValues<typeof TOKEN_LIFETIME_OPTIONS>): number | null {
  const given = values['expires-in'] !== undefined ? 'expires-in' : values['expires-in-days'] !== undefined ? 'expires-in-days' : undefined;
  if (values['expires-in'] !== undefined && values['expires-in-days'] !== undefined) throw new CliUsageError(CLI_MESSAGES.lifetimeTwice);
  if (values['no-expiry']) {
    if (given) throw new CliUsageError(CLI_MESSAGES.lifetimeAndNoExpiry);
    return null;
  }
  if (!given) return DEFAULT_CLI_TOKEN_DAYS;
  const text = values[given]!;
  const days = Number(text);
  if (!(text.trim() !== '' && Number.isFinite(days) && days > 0)) throw new CliUsageError(CLI_MESSAGES.lifetimeNotPositive(given, text));
  return days;
}
