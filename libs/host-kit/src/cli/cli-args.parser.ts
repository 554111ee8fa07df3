import { parseArgs, ParseArgsConfig } from 'node:util';
import { CliUsageError } from './cli-usage.error';

/** String options only: every option of the CLI takes a value. */
export type CliOptionNames<K extends string> = Record<K, { type: 'string' }>;

/**
 * `util.parseArgs` in strict mode, its errors (unknown option, missing
 * value, stray positional) turned into {@link CliUsageError}.
 */
export function parseCliOptions<K extends string>(args: string[], options: CliOptionNames<K>): Partial<Record<K, string>> {
  try {
    const config: ParseArgsConfig = { args, options, strict: true, allowPositionals: false };
    return parseArgs(config).values as Partial<Record<K, string>>;
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
}

/** The option's value, or a usage error naming it. */
export function requireOption<K extends string>(values: Partial<Record<K, string>>, name: K): string {
  const value = values[name]?.trim();
  if (!value) throw new CliUsageError(`--${name} is required`);
  return value;
}
