import { HttpException, Inject, Injectable } from '@nestjs/common';
import { Kysely, Selectable } from 'kysely';
import { InjectDatabase } from '../../database/inject-database.decorator';
import { KaduDatabase } from '../../database/kadu-database.interface';
import { planOf } from '../../organizations/organization-usage.store';
import type { TaskRule } from '../../tasks/task.table';
import { ExecutionFiles } from '../execution-files.interface';
import type { ExecutionsTable } from '../execution.table';
import type { ExecutionAnswer } from '../execution.view';
import { executionCost } from './agent-cost.util';
import { AgentOutcome } from './agent-outcome.interface';
import { categorize } from './statement-categorizer.util';
import { parseStatementCsv, StatementFormatError, StatementLine } from './statement-csv.parser';

/**
 * The reference agent: reads the execution's statement CSVs, categorizes each
 * line by the task's rules (and the answers given so far), and writes the
 * totals as a JSON output file. Deterministic; the files are data, never
 * instructions: descriptions are only ever compared as text.
 */
@Injectable()
export class StatementAgent {
  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    @Inject(ExecutionFiles) private readonly files: ExecutionFiles,
  ) {}

  /** Runs the agent once on a claimed execution. Expected failures are outcomes, not exceptions. */
  async process(execution: Selectable<ExecutionsTable>): Promise<AgentOutcome> {
    const organizationId = execution.organization_id;
    const task = await this.db
      .selectFrom('tasks')
      .select(['rules', 'deleted_at'])
      .where('organization_id', '=', organizationId)
      .where('id', '=', execution.task_id)
      .executeTakeFirst();
    if (!task || task.deleted_at !== null) return failed('The task was deleted before the execution ran');

    const lines: StatementLine[] = [];
    const fileIds = JSON.parse(execution.input_file_ids) as string[];
    for (const fileId of fileIds) {
      let file;
      try {
        file = await this.files.read(organizationId, fileId);
      } catch (error) {
        if (error instanceof HttpException && error.getStatus() === 404) return failed(`Input file ${fileId} is no longer available`);
        throw error;
      }
      try {
        lines.push(...parseStatementCsv(file.bytes.toString('utf8'), file.filename, lines.length + 1));
      } catch (error) {
        if (error instanceof StatementFormatError) return failed(error.message);
        throw error;
      }
    }

    const cost = executionCost(fileIds.length, lines.length);
    const plan = await planOf(this.db, organizationId);
    if (cost > plan.per_execution_cost_ceiling_cents) {
      return failed(
        `Cost ceiling exceeded: this execution would cost ${cost} cents (${fileIds.length} files, ${lines.length} lines), ` +
          `above the ${plan.name} plan's ceiling of ${plan.per_execution_cost_ceiling_cents} cents per execution`,
      );
    }

    const outcome = categorize(lines, JSON.parse(task.rules) as TaskRule[], JSON.parse(execution.answers) as ExecutionAnswer[]);
    if (outcome.kind === 'pending') return { status: 'waiting_input', pending_questions: outcome.questions, cost_cents: 0 };
    const result = { lines: outcome.lines.length, categories: outcome.categories };
    const output = {
      execution_id: execution.id,
      task_id: execution.task_id,
      ...result,
      lines_categorized: outcome.lines.map(({ line, date, description, amount, category }) => ({ line, date, description, amount, category })),
    };
    const { id } = await this.files.write(organizationId, {
      filename: `execution-${execution.id}.json`,
      content_type: 'application/json',
      bytes: Buffer.from(JSON.stringify(output, null, 2), 'utf8'),
    });
    return { status: 'succeeded', result, output_file_id: id, cost_cents: cost };
  }
}

/** Nothing is charged for an execution stopped before it did its work. */
function failed(error: string): AgentOutcome {
  return { status: 'failed', error, cost_cents: 0 };
}
