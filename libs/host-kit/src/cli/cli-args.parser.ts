import { parseArgs, ParseArgsConfig } from 'node:util';
import { CliHelpRequest } from './cli-help.error';
import { CliUsageError } from './cli-usage.error';

/** How an option is given: with a value (`--name value`; `multiple` to take it more than once), or as a flag (`--flag`). */
export type CliOptionSpec = { type: 'string'; multiple?: boolean } | { type: 'boolean' };

/** What was given: a string for each option that takes a value (every one given, in order, for a `multiple` one), `true` for each flag present. */
export type CliOptionValues<O extends Record<string, CliOptionSpec>> = {
  [K in keyof O]?: O[K] extends { type: 'boolean' } ? boolean : O[K] extends { multiple: true } ? string[] : string;
};

/** Every command's own: `--help` or `-h` where an option may stand. */
const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * `util.parseArgs` in strict mode, its errors (unknown option, missing
 * value, stray positional) turned into {@link CliUsageError}. `--help` or
 * `-h` where an option may stand throws {@link CliHelpRequest}; as the value
 * of an option (`--name -h`) it is that value.
 */
export function parseCliOptions<O extends Record<string, CliOptionSpec>>(args: string[], options: O): CliOptionValues<O> {
  const all = { ...options, ...HELP };
  const given = withDashValues(args, all);
  // Before parsing: help is the answer even to a line that would not parse (`--id --help`).
  if (given.includes('--help') || given.includes('-h')) throw new CliHelpRequest();
  try {
    const config: ParseArgsConfig = { args: given, options: all, strict: true, allowPositionals: false };
    return parseArgs(config).values as CliOptionValues<O>;
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
}

/**
 * `--id -Qx7…` as `--id=-Qx7…`: ids the CLI prints may begin with a dash (an
 * OAuth grant id is URL-safe base64), which `parseArgs` refuses as an
 * ambiguous value. Only an argument spelled as one of the command's own
 * options (or `--`) is still read as the next option.
 */
function withDashValues(args: string[], options: Record<string, CliOptionSpec>): string[] {
  const isOption = (arg: string) => arg === '--' || (arg.startsWith('--') && Object.hasOwn(options, arg.slice(2).split('=')[0]));
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith('--') && !args[i].includes('=') ? args[i].slice(2) : undefined;
    const next = args[i + 1];
    if (name !== undefined && options[name]?.type === 'string' && next?.startsWith('-') && !isOption(next)) {
      joined.push(`${args[i]}=${next}`);
      i++;
    } else joined.push(args[i]);
  }
  return joined;
}

/** The option's value, or a usage error naming it. */
export function requireOption<V extends Partial<Record<string, string | boolean>>, K extends keyof V & string>(values: V, name: K): string {
  const value = values[name];
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (!trimmed) throw new CliUsageError(`--${name} is required`);
  return trimmed;
}
