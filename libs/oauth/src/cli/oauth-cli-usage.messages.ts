// The help text of the OAuth commands, apart from the commands themselves: a host CLI prints its
// help through @kobana/oauth/cli without loading the commands' services (the server, identity, Nest).

/** The help text of `CLIENT_ADMIN_COMMANDS`, for a host's usage (indented as a command list). */
export const CLIENT_ADMIN_USAGE = `  client create --name <name> --redirect-uri <uri> [--redirect-uri <uri> ...] [--scope "a b"]
      Pre-registers a public OAuth client (PKCE, no secret) for an MCP client that
      cannot register itself; its client_id is the last line of stdout.

  client list
      The registered OAuth clients, newest first: id, name, how it registered,
      redirect URIs, live grants.

  client delete --id <client id>
      Deletes the client with every grant and token of it.`;

/** The help text of `PASSWORD_RESET_COMMANDS`, for a host's usage (indented as a command list). */
export const PASSWORD_RESET_USAGE = `  password reset --email <email>
      Gives the user a new random password, printed as the last line of stdout.
      Ends their sign-in sessions and revokes their OAuth grants and tokens;
      their personal tokens are kept (token list, token revoke).`;
