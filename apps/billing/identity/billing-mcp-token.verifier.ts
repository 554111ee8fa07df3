import { Injectable } from '@nestjs/common';
import type { McpCaller, McpTokenVerifier } from '@kobana/mcp';
import { BillingIdentityService } from './billing-identity.service';

/** The MCP module's verifier for Billing: only `kbill_mcp_…` tokens; an API token is refused here, and vice versa. */
@Injectable()
export class BillingMcpTokenVerifier implements McpTokenVerifier {
  constructor(private readonly identity: BillingIdentityService) {}

  verify(token: string): Promise<McpCaller | null> {
    return this.identity.verify(token, 'mcp');
  }
}
