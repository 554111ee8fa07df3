/**
 * The complete host-tool spec the module's guide shows ("Testing"), kept
 * running so the guide cannot drift: a host module with a real tool, a
 * caller without any real token, one call, one confirmed destructive call.
 */
import { Test } from '@nestjs/testing';
import { McpTestClient, overrideMcpVerifier } from '@kobana/mcp/testing';
import { kitHostBuilder as hostModule } from './support/testing-kit.fixture';

describe('notes tools', () => {
  let mcp: McpTestClient;
  beforeAll(async () => {
    const moduleRef = await overrideMcpVerifier(hostModule()).compile();
    mcp = await McpTestClient.create(moduleRef, { caller: { organization_id: 'org-1', roles: ['editor'], scopes: [] } });
  });
  afterAll(() => mcp.close());

  it('creates, reads and (once confirmed) deletes a note of the caller', async () => {
    const created = await mcp.callTool('notes_create', { text: 'hello' });
    expect(created).toMatchObject({ isError: false, structuredContent: { organization_id: 'org-1', text: 'hello' } });
    const { id } = created.structuredContent;
    expect((await mcp.callTool('notes_get', { id })).structuredContent.text).toBe('hello');
    expect((await mcp.as({ organization_id: 'org-2' }).callTool('notes_get', { id })).isError).toBe(true);

    const pending = await mcp.callTool('notes_delete', { id });
    expect(pending.resultType).toBe('input_required');
    expect((await mcp.confirmWithElicitation(pending)).structuredContent).toEqual({ id, deleted: true });
  });

  it('is typed with Nest testing module builders', () => {
    expect(typeof overrideMcpVerifier(Test.createTestingModule({})).compile).toBe('function');
  });
});
