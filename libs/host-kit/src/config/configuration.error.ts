/**
 * The environment holds invalid settings. Every problem is reported at once,
 * so an operator fixes them in one pass; `problems` keeps them as a list, so
 * a caller that gathers problems from several readers never parses the
 * message.
 */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}
