/**
 * A token's life seen from outside, the same cases on every host: a token
 * revoked with the host's CLI or past its expiry gets 401 on `/api/v1` and on
 * `/mcp` at its next call.
 */
import type { CliIo } from '@kobana/host-kit';
import type { CreateTokenOptions } from '@kobana/identity';

/** What the cases need of a running host. */
export interface TokenLifecycleHost {
  /** Mints an owner's token of `organization` (MCP unless `audience` says otherwise). */
  token(organization: string, options?: Partial<CreateTokenOptions>): Promise<string>;
  /** The status of an authenticated `/api/v1` read with `token`. */
  apiStatus(token: string): Promise<number>;
  /** The status of `tools/list` on `/mcp` with `token`. */
  mcpStatus(token: string): Promise<number>;
  /** The host's CLI run with `argv` against the running application's database; answers its exit code. */
  cli(argv: string[], io: CliIo): Promise<number>;
  /** The exit code of a command that succeeded. */
  okExit: number;
  /** An OAuth access token of an owner of `organization`, with the grant it belongs to, as the authorization server stores them. */
  oauthToken(organization: string): Promise<{ grantId: string; accessToken: string }>;
  /** Sets the expiry of the tokens with these ids to `expiresAt`, in the database. */
  setExpiry(ids: string[], expiresAt: string): Promise<void>;
  close(): Promise<void>;
}

const SILENT_IO: CliIo = { out: () => undefined, err: () => undefined };

/** A token's id: the part after its host prefix and kind. */
export const tokenIdOf = (token: string): string => token.split('_')[2];

/**
 * Registers the cases under `title`, on a host started once by `start`;
 * `more` registers the host's own cases in the same block.
 */
export function describeTokenLifecycle<H extends TokenLifecycleHost>(title: string, start: () => Promise<H>, more?: (host: () => H) => void): void {
  describe(title, () => {
    let host: H;
    beforeAll(async () => {
      host = await start();
    });
    afterAll(() => host?.close());

    const cli = (...argv: string[]) => host.cli(argv, SILENT_IO);

    it('a token revoked with `token revoke` gets 401 at its next call, on /api/v1 and on /mcp', async () => {
      const api = await host.token('revoking', { audience: 'api' });
      const mcp = await host.token('revoking');
      expect(await host.apiStatus(api)).toBe(200);
      expect(await host.mcpStatus(mcp)).toBe(200);

      expect(await cli('token', 'revoke', '--id', tokenIdOf(api), '--organization', 'revoking')).toBe(host.okExit);
      expect(await cli('token', 'revoke', '--id', tokenIdOf(mcp))).toBe(host.okExit);
      expect(await host.apiStatus(api)).toBe(401);
      expect(await host.mcpStatus(mcp)).toBe(401);
    });

    it('a token past its expiry gets 401 on /api/v1 and on /mcp', async () => {
      const api = await host.token('expiring', { audience: 'api', expiresInDays: 1 });
      const mcp = await host.token('expiring', { expiresInDays: 1 });
      expect(await host.apiStatus(api)).toBe(200);
      expect(await host.mcpStatus(mcp)).toBe(200);

      await host.setExpiry([tokenIdOf(api), tokenIdOf(mcp)], new Date(Date.now() - 1000).toISOString());
      expect(await host.apiStatus(api)).toBe(401);
      expect(await host.mcpStatus(mcp)).toBe(401);
    });

    it('an OAuth grant revoked with `token revoke` gets 401 on /mcp with every token of it; `token list` showed it as oauth', async () => {
      const { grantId, accessToken } = await host.oauthToken('granting');
      expect(await host.mcpStatus(accessToken)).toBe(200);
      const listed: string[] = [];
      expect(await host.cli(['token', 'list', '--organization', 'granting'], { out: (line) => listed.push(line), err: () => undefined })).toBe(host.okExit);
      expect(listed.find((line) => line.startsWith(grantId))?.split(/\s{2,}/)[1]).toBe('oauth');

      expect(await cli('token', 'revoke', '--id', grantId, '--organization', 'granting')).toBe(host.okExit);
      expect(await host.mcpStatus(accessToken)).toBe(401);
    });

    more?.(() => host);
  });
}
