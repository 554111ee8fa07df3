import { Injectable } from '@nestjs/common';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import type { McpCaller as Caller } from '@kobana/mcp';
import { EchoDto, EchoService, EchoView } from './echo.tool';

/**
 * The echo again, as a `write`-class tool (not read-only), only on the budget
 * rows' server: reads there are limited at 600 a minute and writes at 60,000,
 * so one process serves both budget rows and they differ only in what the
 * rate-limit store holds for them, not in which process, heap and JIT state
 * they ran on (two processes differed by up to a fifth at the same budget).
 */
@Injectable()
export class BudgetEchoService {
  constructor(private readonly echoes: EchoService) {}

  @McpTool({
    name: 'echo_counted',
    title: 'Echo (write budget)',
    description: 'Repeats the text, counted against the write budget',
    scopes: ['bench:read'],
    annotations: { idempotentHint: true },
  })
  echo(@McpCaller() caller: Caller, @McpArgs() args: EchoDto): EchoView {
    return this.echoes.echo(caller, args);
  }
}
