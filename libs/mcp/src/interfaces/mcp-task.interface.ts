/** A request the client must fulfil for the task to go on (the shape of `McpInputRequest`; interfaces import nothing). */
export interface McpTaskInputRequest {
  method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  params: Record<string, unknown>;
}

/** Where a task stands (tasks extension `TaskStatus`). `completed`, `failed` and `cancelled` are final. */
export type McpTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A JSON-RPC error as a failed task carries it. */
export interface McpTaskError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * What a task tool's `status` method answers about the work its call
 * started, on each `tasks/get` while the task is not final:
 * - `working`: still running;
 * - `input_required`: waiting for the client; `inputRequests` keyed by ids
 *   that are never reused within the task (the client answers them with `tasks/update`);
 * - `completed`: `result` is what the tool would have returned (a value or an
 *   `McpContent`), `isError` for an error the model reads (the route's 4xx body);
 * - `failed`: a protocol error (`error` is a JSON-RPC error), not a tool error;
 * - `cancelled`: the work was cancelled.
 */
export type McpTaskState =
  | { status: 'working'; statusMessage?: string }
  | { status: 'input_required'; statusMessage?: string; inputRequests: Record<string, McpTaskInputRequest> }
  | { status: 'completed'; statusMessage?: string; result: unknown; isError?: boolean }
  | { status: 'failed'; statusMessage?: string; error: McpTaskError }
  | { status: 'cancelled'; statusMessage?: string };

/** A task as the store keeps it. Times are ISO-8601 strings (UTC). */
export interface McpTaskRecord {
  /** 32 random bytes, base64url: the handle is unguessable. */
  id: string;
  /** Who created it: only the same organization, person and client see it. */
  organization_id: string;
  subject: string;
  client_id: string;
  /** The tool whose call created it. */
  tool: string;
  /** JSON text of what the tool's method returned when the task was created, handed back to its `status`, `update` and `cancel` methods. */
  handle: string;
  status: McpTaskStatus;
  status_message: string | null;
  /** JSON text of the status's payload: the `CallToolResult` (completed), the error (failed), the `inputRequests` (input_required); `null` otherwise. */
  outcome: string | null;
  created_at: string;
  updated_at: string;
  /** `created_at` plus the task's time to live; the task is unknown afterwards. */
  expires_at: string;
}

/** What changes when a task's status is recorded. */
export type McpTaskChange = Pick<McpTaskRecord, 'status' | 'status_message' | 'outcome' | 'updated_at'>;

/**
 * Where tasks live. Every replica must share it (a database), so a task
 * created on one replica is read, updated and cancelled on any other; the
 * record is written before the call that creates it answers, so the
 * `taskId` a client receives can be read back at once.
 *
 * The module ships {@link McpMemoryTaskStore} only as the single-process
 * default (tests, one replica); hosts provide their own with the
 * `taskStore` option (`@kobana/mcp-tasks` has the database one).
 */
export interface McpTaskStore {
  /** Records a new task. */
  create(task: McpTaskRecord): Promise<void>;
  /** The task with this id, unexpired at `now`, whoever created it (the module checks the caller). */
  find(id: string, now: Date): Promise<McpTaskRecord | undefined>;
  /**
   * Records a new status, only while the task is not final (one conditional
   * UPDATE): answers the task afterwards, or `undefined` when it was already
   * final (another replica finished or cancelled it first).
   */
  update(id: string, change: McpTaskChange): Promise<McpTaskRecord | undefined>;
  /** Deletes the tasks expired at `now`; answers how many. */
  prune(now: Date): Promise<number>;
}

/** Injection token of the {@link McpTaskStore} (same name as the interface, as `ThrottlerStorage`). */
export const McpTaskStore = Symbol('McpTaskStore');
