import type { ConnectedAppSource } from '../grants/connected-app.interface';

/** Every text of the connected-apps page, in one place. */
export const ConnectedAppsMessages = {
  pageTitle: () => 'Connected apps',
  intro: () =>
    'These apps may use your account through MCP, with the access you allowed. Revoking one ends its access at once: ' +
    'its next call is refused, and it must ask you again to reconnect.',
  none: () => 'No app is connected to your account.',
  clientId: () => 'Client ID',
  source: (source: ConnectedAppSource) =>
    source === 'metadata-document'
      ? 'Identified by its published metadata document'
      : source === 'pre-registered'
        ? 'Registered by an administrator'
        : 'Registered itself (dynamic client registration)',
  sourceLabel: () => 'Registration',
  access: () => 'Access',
  noScopes: () => '(none)',
  authorized: () => 'Connected',
  lastUsed: () => 'Last token issued',
  never: () => 'never',
  expires: () => 'Access expires',
  noExpiry: () => 'when revoked',
  revoke: () => 'Revoke',
  revoked: (name: string) => `${name} was disconnected. Its next call will be refused.`,
  notFoundTitle: () => 'Not found',
  notFound: () => 'You have no connected app with this id. It may have been revoked already.',
  csrfTitle: () => 'Form expired',
  csrf: () => 'This form is no longer valid. Open the connected apps page again.',
  utc: (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`,
} as const;
