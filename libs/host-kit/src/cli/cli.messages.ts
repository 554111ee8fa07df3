/** Messages of the CLI plumbing every host shares (usage errors exit with 2, the others with 1). */
export const CLI_MESSAGES = {
  lifetimeNotPositive: (option: string, value: string) => `--${option} must be a positive number of days (got "${value}")`,
  lifetimeTwice: '--expires-in and --expires-in-days are the same option: give one',
  lifetimeAndNoExpiry: '--no-expiry cannot be combined with --expires-in: a token either expires or does not',
  notATokenId: (value: string) => `--id must be a token or grant id, as "token list" shows it (got "${value}")`,
  notASlug: (value: string) => `--organization "${value}" is not a slug (a-z, 0-9 and inner hyphens)`,
  noTokens: (organization: string) => `No tokens in ${organization}.`,
  tokenNotFound: (id: string, organization?: string) => `No token ${organization ? `of ${organization} ` : ''}has the id ${id}`,
  tokenRevoked: (id: string) => `Token ${id} revoked: the next API or MCP call with it gets 401.`,
  tokenAlreadyRevoked: (id: string, at: string) => `Token ${id} was already revoked at ${at}.`,
} as const;
