/**
 * `@kobana/host-kit/cli`: what a host CLI needs before it loads a command:
 * the exit codes, the answer to `help` or to no command, the help text of the
 * token commands, the process's streams. A door of its own, apart from
 * `@kobana/host-kit`, because the main entry loads Nest, the database drivers
 * and the settings readers, which `help` has no use for.
 */
export { answerWithoutCommand, CLI_EXIT, TOKEN_ADMIN_USAGE } from './cli.command';
export { processIo } from './cli-io.provider';
export type { CliIo } from './cli-io.provider';
export { TOKEN_LIFETIME_USAGE } from './token-lifetime.parser';
