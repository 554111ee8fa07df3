/**
 * A client of the tasks extension written from its text, for the tests of
 * hosts: the official clients do not speak it yet. Each request carries the
 * 2026-07-28 envelope, declares the extension (unless told otherwise) and
 * sets `Mcp-Method` and `Mcp-Name` as the transport writes them.
 */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** One answer: the HTTP status and the JSON-RPC body. */
export interface WireAnswer {
  status: number;
  body: { result?: Record<string, any>; error?: { code: number; message: string; data?: unknown } };
}

export interface WireOptions {
  /** `Mcp-Name`; @default `params.name` or `params.taskId` */
  name?: string;
  /** The request's client capabilities. @default elicitation and the tasks extension */
  capabilities?: Record<string, unknown>;
}

/** The capabilities of a chat client that can follow tasks and confirm in the chat. */
export const TASK_CLIENT = { elicitation: {}, extensions: { [TASKS_EXTENSION]: {} } };

export class McpTasksWire {
  private id = 0;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  async request(method: string, params: Record<string, unknown>, options: WireOptions = {}): Promise<WireAnswer> {
    const name = options.name ?? ((params.name ?? params.taskId) as string | undefined);
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${this.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': method,
        ...(name !== undefined ? { 'Mcp-Name': name } : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++this.id,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': options.capabilities ?? TASK_CLIENT,
            'io.modelcontextprotocol/clientInfo': { name: 'tasks-wire', version: '1.0.0' },
          },
        },
      }),
    });
    return { status: response.status, body: (await response.json()) as WireAnswer['body'] };
  }

  /** `tools/call`, confirming a destructive tool in the chat when asked (`confirm` accepted, `requestState` echoed). */
  async callTool(name: string, args: Record<string, unknown>, options: WireOptions = {}): Promise<WireAnswer> {
    const first = await this.request('tools/call', { name, arguments: args }, options);
    const asked = first.body.result;
    if (asked?.resultType !== 'input_required' || !asked.inputRequests?.confirm) return first;
    return this.request(
      'tools/call',
      { name, arguments: args, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }, requestState: asked.requestState },
      options,
    );
  }

  /** `tasks/get` until the task is in one of `statuses` (bounded: 200 polls). */
  async until(taskId: string, statuses: string[], pollMs = 25): Promise<Record<string, any>> {
    for (let poll = 0; poll < 200; poll++) {
      const { body } = await this.request('tasks/get', { taskId });
      if (body.error) throw new Error(`tasks/get failed: ${JSON.stringify(body.error)}`);
      if (statuses.includes(body.result!.status)) return body.result!;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    throw new Error(`task ${taskId} never reached ${statuses.join(' or ')}`);
  }
}
