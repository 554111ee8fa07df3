/**
 * `@kobana/oauth/cli`: the help text of the OAuth commands a host CLI offers.
 * A door of its own, apart from `@kobana/oauth`, because a CLI answers `help`
 * before it loads anything else: the main entry loads the authorization
 * server, identity and Nest. The commands themselves stay in `@kobana/oauth`.
 */
export { CLIENT_ADMIN_USAGE, PASSWORD_RESET_USAGE } from './oauth-cli-usage.messages';
