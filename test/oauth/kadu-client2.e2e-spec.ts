/**
 * The official client 2.x (pinned to 2026-07-28) signs in to Kadu through the host's OAuth
 * authorization server with a person in Chromium: once with a Client ID
 * Metadata Document (the client_id is the document's https URL, served by a
 * test server the host trusts), once through Dynamic Client Registration.
 * Each flow ends in tools/list and tools/call, then a forced refresh (the
 * stored access token is spoiled, the 401 makes the SDK redeem the refresh
 * token) and another call.
 */
import { Client } from '@modelcontextprotocol/client';
import { itSignsInToKadu } from './kadu-sign-in.cases';
import { signInClient2 } from './oauth-flows.support';
import { closeKaduSignInWorld, KaduSignInWorld, startKaduSignInWorld } from './oauth-world.support';

jest.setTimeout(60_000);

describe('client 2.x signs in to Kadu (OAuth, person in Chromium)', () => {
  let env: KaduSignInWorld | undefined;
  const open: Client[] = [];

  beforeAll(async () => {
    env = await startKaduSignInWorld();
  });
  afterAll(() => closeKaduSignInWorld(open, env?.kadu, env?.world));

  itSignsInToKadu(() => env!, open, {
    signIn: signInClient2,
    documentName: 'kadu-client2',
    documentClientName: 'Ledger Agent C2',
    registeredClientName: 'Ledger Agent DCR2',
  });
});
