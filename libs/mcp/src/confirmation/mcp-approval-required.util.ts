import { McpJsonSchema } from '../interfaces/json-schema.interface';
import { deepFreeze } from '../discovery/mcp-descriptor.util';

/**
 * The `structuredContent` of an approval link (`approvalRequiredResult`):
 * a successful result, not an error, so a client that validates
 * `structuredContent` against the tool's `outputSchema` (both official SDK
 * clients do) checks it too. Every destructive tool may answer it, so their
 * output schema admits it (see {@link withApprovalRequired}).
 */
export const MCP_APPROVAL_REQUIRED_SCHEMA: McpJsonSchema = deepFreeze<McpJsonSchema>({
  type: 'object',
  description: 'Nothing ran: a person must approve the call at approval_url, then the same call is repeated with the same arguments.',
  properties: {
    status: { type: 'string', const: 'approval_required' },
    approval_id: { type: 'string' },
    // Relative when the module has no `publicUrl`: no `format: uri`, which would refuse it.
    approval_url: { type: 'string', minLength: 1 },
    expires_at: { type: 'string', format: 'date-time' },
  },
  required: ['status', 'approval_id', 'approval_url', 'expires_at'],
  additionalProperties: false,
});

/**
 * A destructive tool's output: what it answers once it runs, or the approval
 * link when nothing ran yet. The root stays `type: "object"`, as MCP requires;
 * `anyOf` rather than `oneOf`, since both branches are closed objects and a
 * client need not prove that only one matches.
 */
export function withApprovalRequired(schema: McpJsonSchema): McpJsonSchema {
  return { type: 'object', anyOf: [schema, MCP_APPROVAL_REQUIRED_SCHEMA] };
}
