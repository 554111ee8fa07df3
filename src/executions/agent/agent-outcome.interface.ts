import type { ExecutionResult, PendingQuestion } from '../execution.view';

/** How one run of the agent on an execution ended. */
export type AgentOutcome =
  | { status: 'succeeded'; result: ExecutionResult; output_file_id: string; cost_cents: number }
  | { status: 'failed'; error: string; cost_cents: number }
  | { status: 'waiting_input'; pending_questions: PendingQuestion[]; cost_cents: number };
