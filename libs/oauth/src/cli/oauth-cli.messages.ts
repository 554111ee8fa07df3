/** Messages of the OAuth CLI commands (usage errors exit with 2, the others with 1). */
export const OAUTH_CLI_MESSAGES = {
  nameRequired: '--name is required: the name people see when the client asks for access',
  nameTooLong: (max: number) => `--name must be at most ${max} characters`,
  redirectRequired: '--redirect-uri is required (repeat it for several)',
  badRedirect: (uri: string) =>
    `--redirect-uri "${uri}" is not acceptable: use https, or http on a loopback address (127.0.0.1, [::1], localhost); no fragment`,
  badScope: (scope: string) => `--scope: "${scope}" is not a valid scope`,
  unknownScopes: (unknown: string[], known: readonly string[]) =>
    `--scope: ${unknown.map((scope) => `"${scope}"`).join(', ')} ${unknown.length === 1 ? 'is not a scope' : 'are not scopes'} of this server; use ${known.join(', ')}`,
  badClientId: (value: string) => `--id "${value}" is not a client id`,
  clientCreated: (clientId: string, name: string) => `Client "${name}" registered: public (PKCE, no secret). Its client_id is the last line.`,
  noClients: () => 'No OAuth clients are registered.',
  clientNotFound: (clientId: string) => `No client has the id ${clientId}`,
  clientDeleted: (clientId: string, grants: number) =>
    `Client ${clientId} deleted${grants ? `, with its ${grants} grant${grants === 1 ? '' : 's'} and their tokens` : ''}: its next call gets 401.`,
  noOrganization: (slug: string) => `No organization has the slug ${slug}`,
  noUser: (email: string) => `No user has the e-mail ${email}`,
  newPassword: (email: string, role: string) => `New password of ${email} (${role}):`,
  accessEnded: (grants: number) =>
    `Signed out of the approval pages, and ${grants} OAuth grant${grants === 1 ? '' : 's'} revoked with their tokens. ` +
    'Personal tokens are kept (see token list, token revoke).',
} as const;
