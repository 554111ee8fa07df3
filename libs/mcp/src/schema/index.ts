/** Tool input schemas from class-validator DTOs, and the `Mcp-Param-*` headers they declare. */
export { DtoJsonSchemaFactory } from './dto-json-schema.factory';
export { McpHeader } from './mcp-header.decorator';
export { MCP_PARAM_HEADER_PREFIX, X_MCP_HEADER } from './mcp-header.policy';
export type { McpHeaderBinding, McpHeaderType, McpJsonSchema, McpJsonSchemaType, McpJsonValue } from '../interfaces/json-schema.interface';
