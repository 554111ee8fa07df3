import { parseArgs, ParseArgsConfig } from 'node:util';
import { CliUsageError } from './cli-usage.error';

/** How an option is given: with a value (`--name value`) or as a flag (`--flag`). */
export type CliOptionSpec = { type: 'string' } | { type: 'boolean' };

/** The options a command accepts, by name. */
export type CliOptionNames<K extends string> = Record<K, CliOptionSpec>;

/** What was given: a string for each option that takes a value, `true` for each flag present. */
export type CliOptionValues<O extends Record<string, CliOptionSpec>> = { [K in keyof O]?: O[K] extends { type: 'boolean' } ? boolean : string };

/**
 * `util.parseArgs` in strict mode, its errors (unknown option, missing
 * value, stray positional) turned into {@link CliUsageError}.
 */
export function parseCliOptions<O extends Record<string, CliOptionSpec>>(args: string[], options: O): CliOptionValues<O> {
  try {
    const config: ParseArgsConfig = { args, options, strict: true, allowPositionals: false };
    return parseArgs(config).values as CliOptionValues<O>;
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
}

/** The option's value, or a usage error naming it. */
export function requireOption<V extends Partial<Record<string, string | boolean>>, K extends keyof V & string>(values: V, name: K): string {
  const value = values[name];
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (!trimmed) throw new CliUsageError(`--${name} is required`);
  return trimmed;
}
