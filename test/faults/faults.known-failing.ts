/**
 * Fault cases that fail today, by name, with why: each is declared `it.skip`
 * so the suite (and CI) stays green on what holds, and one place says what
 * does not. `KADU_FAULTS_ALL=1` runs them anyway. Empty when every case holds.
 */
export const KNOWN_FAILING: Readonly<Record<string, string>> = {};

/** Whether the case named `name` runs: always with `KADU_FAULTS_ALL=1`, else unless it is known to fail. */
export function runsCase(name: string): boolean {
  return process.env.KADU_FAULTS_ALL === '1' || KNOWN_FAILING[name] === undefined;
}
