/** The environment as a configuration loader reads it. */
export type Environment = Record<string, string | undefined>;

/** A variable's value, trimmed; blank counts as unset, as an operator means it. */
export function readSetting(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

/**
 * `1/true/yes/on` or `0/false/no/off` (any case); `fallback` when unset.
 * A problem naming the variable is added for anything else, and `fallback` returned.
 */
export function parseBooleanSetting(name: string, value: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (value === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  problems.push(`${name} must be true or false (got "${value}")`);
  return fallback;
}

/**
 * A non-negative integer of at least `min`; `fallback` when unset. A problem
 * naming the variable is added for anything else, and `fallback` returned.
 */
export function parseIntegerSetting(name: string, value: string | undefined, fallback: number, min: number, problems: string[]): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    problems.push(`${name} must be an integer of at least ${min} (got "${value}")`);
    return fallback;
  }
  return Number(value);
}
