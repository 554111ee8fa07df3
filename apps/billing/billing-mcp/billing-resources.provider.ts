import { Injectable } from '@nestjs/common';
import { McpCaller, McpResourceParams, McpResourceTemplate } from '@kobana/mcp';
import { BILLING_SCOPES } from '../billing.constants';
import { rolesWith } from '../identity/billing-permission.policy';
import { InvoiceView } from '../invoices/invoice.view';
import { InvoicesService } from '../invoices/invoices.service';

/** Billing's resource templates: each answers the JSON of the matching `_get` tool through the same service method. */
@Injectable()
export class BillingResources {
  constructor(private readonly invoices: InvoicesService) {}

  /** The same JSON as `billing_invoices_get`; another organization's id is "resource not found". */
  @McpResourceTemplate({
    uriTemplate: 'kobana://billing/invoices/{id}',
    name: 'billing_invoice',
    title: 'Invoice',
    description: 'One invoice of your organization (total in cents).',
    mimeType: 'application/json',
    scopes: [BILLING_SCOPES.read],
    roles: rolesWith('invoices.read'),
  })
  invoice(@McpResourceParams() params: { id: string }, @McpCaller() caller: McpCaller): Promise<InvoiceView> {
    return this.invoices.get(caller, { id: params.id });
  }
}
