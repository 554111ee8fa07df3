import type { LevelWithSilent } from 'pino';

/** How a host's log lines are written. */
export type LogFormat = 'json' | 'text';

/** The logging settings read from the environment. */
export interface HostLogSettings {
  /**
   * `LOG_LEVEL`: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.
   * @default 'info' ('silent' with `NODE_ENV=test`: the test runner's own output stays readable)
   */
  level: LevelWithSilent;
  /**
   * `LOG_FORMAT`: `json` (one JSON object a line, for a log pipeline) or `text` (readable lines).
   * @default 'json' with `NODE_ENV=production`, else 'text'
   */
  format: LogFormat;
}

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Reads `LOG_LEVEL` and `LOG_FORMAT`. An unknown value falls back on the
 * default rather than refusing to start: logging settings must never be the
 * reason a service is down (the value is small and typos are common).
 */
export function readHostLogSettings(env: NodeJS.ProcessEnv = process.env): HostLogSettings {
  const level = env.LOG_LEVEL?.trim().toLowerCase() as LevelWithSilent | undefined;
  const format = env.LOG_FORMAT?.trim().toLowerCase();
  return {
    level: level && LEVELS.includes(level) ? level : env.NODE_ENV === 'test' ? 'silent' : 'info',
    format: format === 'json' || format === 'text' ? format : env.NODE_ENV === 'production' ? 'json' : 'text',
  };
}
