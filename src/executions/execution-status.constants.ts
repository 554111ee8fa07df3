/** Every state of an execution. */
export const EXECUTION_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'waiting_input', 'cancelled'] as const;
/** One of {@link EXECUTION_STATUSES}. */
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** States an execution never leaves. */
export const FINISHED_STATUSES: readonly ExecutionStatus[] = ['succeeded', 'failed', 'cancelled'];
/** States from which `kadu_executions_cancel` may stop an execution. */
export const CANCELLABLE_STATUSES: readonly ExecutionStatus[] = ['queued', 'running', 'waiting_input'];
