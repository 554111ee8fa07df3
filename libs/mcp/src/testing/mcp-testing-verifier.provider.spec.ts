import { McpTestingVerifier } from './mcp-testing-verifier.provider';

describe('McpTestingVerifier', () => {
  it('answers the caller a minted token stands for, with defaults for what the test left out', async () => {
    const verifier = new McpTestingVerifier();
    const token = verifier.tokenFor({ organization_id: 'org-1', roles: ['admin'] });
    expect(token).toMatch(/^mcp-test-[A-Za-z0-9_-]{32}$/);
    expect(await verifier.verify(token)).toEqual({ organization_id: 'org-1', subject: 'test-user', client_id: 'test-client', scopes: [], roles: ['admin'] });
  });

  it('mints a distinct token per call, and a caller changed afterwards changes nothing', async () => {
    const verifier = new McpTestingVerifier();
    const caller = { organization_id: 'org-1', subject: 'u1', client_id: 'c', scopes: ['read'], roles: [] as string[] };
    const first = verifier.tokenFor(caller);
    expect(verifier.tokenFor(caller)).not.toBe(first);
    (await verifier.verify(first))!.scopes.push('write');
    expect((await verifier.verify(first))!.scopes).toEqual(['read']);
  });

  it('sends other tokens to the host verifier, but never a kit-shaped token it did not mint', async () => {
    const fallback = {
      verify: jest.fn(async (token: string) => (token === 'real' ? { organization_id: 'o', subject: 's', client_id: 'c', scopes: [], roles: [] } : null)),
    };
    const verifier = new McpTestingVerifier(fallback);
    expect(await verifier.verify('real')).toMatchObject({ subject: 's' });
    expect(await verifier.verify('mcp-test-forged')).toBeNull();
    expect(fallback.verify).toHaveBeenCalledTimes(1);
    expect(await new McpTestingVerifier().verify('real')).toBeNull();
  });
});
