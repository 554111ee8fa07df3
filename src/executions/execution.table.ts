import type { Generated } from 'kysely';
import type { ExecutionStatus } from './execution-status.constants';

/**
 * `executions` as Kysely sees it. JSON in text: `input_file_ids` (string[]),
 * `answers` ({@link ExecutionAnswer}[]), `pending_questions`
 * ({@link PendingQuestion}[] | null) and `result` (the agent's summary).
 */
export interface ExecutionsTable {
  id: string;
  organization_id: string;
  task_id: string;
  status: ExecutionStatus;
  input_file_ids: string;
  answers: string;
  pending_questions: string | null;
  result: string | null;
  output_file_id: string | null;
  error: string | null;
  cost_cents: number;
  /** The subject (user id) who ran the task. */
  created_by: string;
  worker_id: string | null;
  lease_expires_at: string | null;
  /** Claims by a worker so far (see migration 0400); bookkeeping, not in the API. */
  claim_count: Generated<number>;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}
