import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { MCP_BEARER_STRATEGY } from '../mcp.constants';
import { McpTokenVerifier } from '../interfaces/mcp-token-verifier.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';

/** The passport strategy of the MCP endpoint: the host's verifier decides who the token is. */
@Injectable()
export class McpBearerStrategy extends PassportStrategy(Strategy, MCP_BEARER_STRATEGY) {
  constructor(@Inject(McpTokenVerifier) private readonly verifier: McpTokenVerifier) {
    super();
  }

  async validate(token: string): Promise<McpCaller | false> {
    return (await this.verifier.verify(token)) ?? false;
  }
}
