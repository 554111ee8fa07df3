import { JsonRpcException } from './json-rpc.error';
import { McpAuthException } from './mcp-auth-challenge.error';

describe('McpAnswerError', () => {
  it('captures no stack frames for protocol answers, and leaves the process-wide limit as it was', () => {
    const before = Error.stackTraceLimit;
    const answers = [new JsonRpcException(-32602, 'Unknown tool: nope'), new McpAuthException(401, 'invalid_token', 'No token', {})];
    for (const answer of answers) {
      expect(answer).toBeInstanceOf(Error);
      expect(answer.stack).not.toMatch(/\n\s+at /);
    }
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('a fault').stack).toMatch(/\n\s+at /);
  });
});
