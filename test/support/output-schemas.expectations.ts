import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { McpTestClient } from '@kobana/mcp/testing';

/** What both hosts' listed tools must satisfy, checked the way a strict 2020-12 client compiles them. */
export interface OutputSchemaFacts {
  /** Every tool the admin sees. */
  names: string[];
  /** Bytes of `tools/list` (era 2026) with the output schemas, and what they add. */
  bytes: number;
  outputBytes: number;
}

const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
ajv.addKeyword({ keyword: 'x-mcp-header', schemaType: 'string' });

/**
 * Asserts that every tool `mcp` sees has a title and an `outputSchema` that a
 * strict Ajv 2020-12 compiles, with an object at the root; that a destructive
 * tool's admits the approval link; and that both eras list the same schemas.
 */
export async function expectEveryToolDeclaresOutput(mcp: McpTestClient): Promise<OutputSchemaFacts> {
  const tools = await mcp.with({ era: '2026' }).listTools();
  const older = Object.fromEntries((await mcp.with({ era: '2025' }).listTools()).map((tool) => [tool.name, tool]));
  for (const tool of tools) {
    expect({ name: tool.name, title: typeof tool.title, outputType: tool.outputSchema?.type }).toEqual({
      name: tool.name,
      title: 'string',
      outputType: 'object',
    });
    expect(ajv.validateSchema(tool.outputSchema)).toBe(true);
    expect(() => ajv.compile(tool.outputSchema)).not.toThrow();
    expect(older[tool.name]?.outputSchema).toEqual(tool.outputSchema);
    const approval = ajv.compile(tool.outputSchema)({
      status: 'approval_required',
      approval_id: 'a1',
      approval_url: '/approvals/a1',
      expires_at: '2026-01-01T00:00:00.000Z',
    });
    expect({ name: tool.name, admitsApprovalLink: approval }).toEqual({ name: tool.name, admitsApprovalLink: tool.annotations.destructiveHint === true });
  }
  const bytes = Buffer.byteLength(JSON.stringify({ tools }));
  const without = Buffer.byteLength(JSON.stringify({ tools: tools.map(({ outputSchema: _output, ...tool }) => tool) }));
  return { names: tools.map((tool) => tool.name), bytes, outputBytes: bytes - without };
}
