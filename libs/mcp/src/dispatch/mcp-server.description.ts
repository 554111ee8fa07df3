import { Inject, Injectable } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS, MCP_META } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';

/** What the server says about itself, prepared once. */
@Injectable()
export class McpServerDescription {
  /** `_meta` of every era-2026 result. */
  readonly resultMeta: Readonly<Record<string, unknown>>;

  constructor(@Inject(MCP_RESOLVED_OPTIONS) readonly options: McpResolvedOptions) {
    this.resultMeta = Object.freeze({ [MCP_META.serverInfo]: options.serverInfo });
  }

  /** Capabilities by era: the 2025 era spells out `listChanged: false`. */
  capabilities(era: '2025' | '2026'): Record<string, unknown> {
    return era === '2025' ? { tools: { listChanged: false } } : { tools: {} };
  }

  get instructions(): string | undefined {
    return this.options.instructions;
  }

  get serverInfo() {
    return this.options.serverInfo;
  }
}
