import type { HostCliDescriptor } from '@kobana/platform/cli';
import { KADU_ROLES } from './identity/kadu-identity.constants';
import { KADU_OAUTH_SCOPES } from './oauth/kadu-oauth.messages';

/**
 * Kadu as its CLI's help shows it. Kept apart from the descriptor, which
 * imports every module of Kadu, so that `npm run cli -- help` loads none of
 * them; `KADU` spreads it, so the two cannot differ.
 */
export const KADU_CLI = {
  name: 'kadu',
  title: 'Kadu',
  roles: KADU_ROLES,
  scopes: KADU_OAUTH_SCOPES,
  cli: { command: 'npm run cli --' },
} satisfies HostCliDescriptor;
