import type { Selectable } from 'kysely';
import type { ExecutionsTable } from './execution.table';
import type { ExecutionResult, ExecutionView, PendingQuestion } from './execution.view';

/** The row as the API answers it: JSON columns parsed, queue bookkeeping (worker, lease) left out. */
export function toExecutionView(row: Selectable<ExecutionsTable>): ExecutionView {
  return {
    id: row.id,
    task_id: row.task_id,
    status: row.status,
    input_file_ids: JSON.parse(row.input_file_ids) as string[],
    output_file_id: row.output_file_id,
    result: row.result === null ? null : (JSON.parse(row.result) as ExecutionResult),
    pending_questions: row.pending_questions === null ? null : (JSON.parse(row.pending_questions) as PendingQuestion[]),
    error: row.error,
    cost_cents: row.cost_cents,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}
