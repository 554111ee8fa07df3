import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { McpArgs, McpCaller, McpCompletion, McpCompletionValue, McpPrompt } from '@kobana/mcp';
import type { McpPromptMessage } from '@kobana/mcp';

/** Arguments of the investigate prompt, validated as a tool's are. */
export class InvestigateDto {
  @Matches(/^\d{4}-\d{2}$/, { message: 'period must look like YYYY-MM' })
  period!: string;

  @IsOptional()
  @IsIn(['failed', 'cancelled'])
  status?: string;
}

/** Every month from 2015-01 to 2027-06: 150 candidates, more than one answer carries. */
export const FIXTURE_PERIODS = Array.from({ length: 150 }, (_, index) => {
  const month = 2015 * 12 + index;
  return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
});

/** Prompts and prompt completions of the fixture host. */
@Injectable()
export class FixturePrompts {
  builds = 0;

  @McpPrompt({
    name: 'investigate',
    title: 'Investigate failures',
    description: 'Investigates the failed executions of a period',
    arguments: [
      { name: 'period', description: 'Month, YYYY-MM', required: true },
      { name: 'status', description: 'Execution status' },
    ],
    scopes: ['fixture:read'],
  })
  investigate(@McpArgs() args: InvestigateDto, @McpCaller() caller: McpCaller): McpPromptMessage[] {
    this.builds++;
    return [
      { role: 'user', content: { type: 'text', text: `Investigate ${args.status ?? 'failed'} executions of ${args.period} in ${caller.organization_id}.` } },
      { role: 'assistant', content: { type: 'text', text: 'I will list them first.' } },
    ];
  }

  @McpPrompt({ name: 'explain', arguments: [{ name: 'execution_id', required: true }] })
  explain(@McpArgs() args: Record<string, string>) {
    this.builds++;
    if (args.execution_id === 'gone') throw new NotFoundException('Execution not found');
    if (args.execution_id === 'boom') throw new Error('prompt store exploded at /srv/prompts');
    if (args.execution_id === 'weird') return 42;
    return `Explain execution ${args.execution_id}.`;
  }

  @McpPrompt({ name: 'admin_report', description: 'Admins only', arguments: [{ name: 'scope' }], roles: ['admin'] })
  adminReport() {
    this.builds++;
    return 'Report on every organization.';
  }

  @McpPrompt({ name: 'draft_note', description: 'Needs the write scope', scopes: ['fixture:write'] })
  draftNote() {
    this.builds++;
    return 'Draft a note.';
  }

  /** Undecorated: called as (caller, value, context). */
  @McpCompletion({ ref: { type: 'ref/prompt', name: 'investigate' }, argument: 'period' })
  periods(_caller: McpCaller, value: string) {
    return FIXTURE_PERIODS.filter((period) => period.startsWith(value));
  }

  @McpCompletion({ ref: { type: 'ref/prompt', name: 'investigate' }, argument: 'status' })
  statuses(@McpCompletionValue() value: string, @McpArgs() chosen: Record<string, string>) {
    if (value.includes('!')) throw new BadRequestException('No punctuation in a status');
    if (value === 'boom') throw new Error('status index exploded');
    if (value === 'weird') return 'failed';
    const statuses = chosen.period?.startsWith('2015') ? ['failed'] : ['failed', 'cancelled'];
    return statuses.filter((status) => status.startsWith(value));
  }

  @McpCompletion({ ref: { type: 'ref/prompt', name: 'admin_report' }, argument: 'scope' })
  adminScopes() {
    return ['all'];
  }
}
