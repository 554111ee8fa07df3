import { JsonRpcErrorCode } from '../mcp.constants';
import { McpMessages } from '../mcp.messages';
import { MCP_TASKS_EXTENSION } from '../tasks/mcp-task.constants';
import { JsonRpcException } from './json-rpc.error';

/**
 * -32021 (400) naming the extension in `data.requiredCapabilities`, as the
 * tasks extension writes it: a task method, or a tool that only runs as a
 * task, asked by a request that did not declare the extension.
 */
export function tasksExtensionRequired(what: string): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.MissingRequiredClientCapability, McpMessages.tasksExtensionRequired(what), 400, {
    requiredCapabilities: { extensions: { [MCP_TASKS_EXTENSION]: {} } },
  });
}

/**
 * -32602 (400) for a task id that is unknown, expired, or another caller's:
 * all three answer the same words, so an id reveals nothing about tasks
 * that are not the caller's.
 */
export function taskNotFound(): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidParams, McpMessages.taskNotFound(), 400);
}
