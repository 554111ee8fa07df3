import type { HostCoreDescriptor } from '@kobana/platform/cli';
import { KADU_CLI } from './kadu-cli.host';
import { KADU_MIGRATIONS } from './database/migrations';
import { KADU_IDENTITY_EXTRAS } from './identity/kadu-identity.options';

/**
 * Kadu without its modules: what the CLI opens its stores with (prefixes,
 * migrations, identity's extra columns). `KADU` spreads it, so the two cannot
 * differ, and `npm run cli -- token create` loads none of the API, tools or workers.
 */
export const KADU_CORE = {
  ...KADU_CLI,
  tokenPrefix: 'kadu',
  envPrefix: 'KADU_',
  migrations: KADU_MIGRATIONS,
  envFile: true,
  identity: KADU_IDENTITY_EXTRAS,
} satisfies HostCoreDescriptor;
