/**
 * Every Kadu tool declares what it answers: an `outputSchema` built from the
 * response class its route answers, in both eras. That each real answer
 * matches is checked wherever a spec calls a tool (the testing kit and the
 * specs' own `tools/call` helpers run `expectToolOutputMatches`).
 */
import { McpTestClient } from '@kobana/mcp/testing';
import { startKadu } from '../support/kadu-app';
import { expectEveryToolDeclaresOutput } from '../support/output-schemas.expectations';

jest.setTimeout(30_000);

describe('Kadu: output schemas', () => {
  let kadu: Awaited<ReturnType<typeof startKadu>>;
  let mcp: McpTestClient;
  beforeAll(async () => {
    kadu = await startKadu();
    mcp = await McpTestClient.create(kadu.app, { token: await kadu.token('acme', 'owner') });
  });
  afterAll(() => kadu?.close());

  it('all 27 tools list an object outputSchema a strict 2020-12 validator compiles; destructive ones admit the approval link', async () => {
    const facts = await expectEveryToolDeclaresOutput(mcp);
    expect(facts.names).toHaveLength(27);
    expect(facts.outputBytes).toBeGreaterThan(0);
  });

  it('a page is { data, meta: { next_cursor, limit } } with closed items, and a presigned URL is a uri', async () => {
    const tools = Object.fromEntries((await mcp.listTools()).map((tool) => [tool.name, tool]));
    const page = tools.kadu_tasks_list.outputSchema;
    expect(page.required).toEqual(['data', 'meta']);
    expect(page.properties.meta).toEqual({
      type: 'object',
      properties: { next_cursor: expect.objectContaining({ type: ['string', 'null'] }), limit: { type: 'integer' } },
      required: ['next_cursor', 'limit'],
      additionalProperties: false,
    });
    expect(page.properties.data.items.additionalProperties).toBe(false);
    expect(tools.kadu_files_create.outputSchema.properties.upload_url).toEqual({ type: 'string', format: 'uri' });
    expect(tools.kadu_files_download.outputSchema.properties.download_url).toEqual({ type: 'string', format: 'uri' });
  });
});
