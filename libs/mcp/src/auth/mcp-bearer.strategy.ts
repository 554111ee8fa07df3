import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { MCP_BEARER_STRATEGY, MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';

/** The passport strategy of the MCP endpoint: the host's verifier decides who the token is. */
@Injectable()
export class McpBearerStrategy extends PassportStrategy(Strategy, MCP_BEARER_STRATEGY) {
  constructor(@Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions) {
    super();
  }

  async validate(token: string): Promise<McpCaller | false> {
    return (await this.options.verifier.verify(token)) ?? false;
  }
}
