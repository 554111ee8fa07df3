import { createMcpParamDecorator } from './mcp-param.decorator';

/**
 * The parameter of an `@McpResourceTemplate()` method receives the template's
 * variables, decoded from the URI that was read: `{ id: '42' }` for
 * `kobana://kadu/tasks/42` against `kobana://kadu/tasks/{id}`.
 */
export const McpResourceParams = createMcpParamDecorator('resourceParams');
