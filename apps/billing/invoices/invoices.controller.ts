import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, StreamableFile, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { IdempotencyKeyHeader, withIdempotencyKey } from '@kobana/idempotency';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { BILLING_API_V1 } from '../billing.constants';
import { BillingIdDto, BillingIdWriteDto } from '../common/billing-id.dto';
import { BillingPage } from '../common/offset-page.util';
import { DocumentView } from '../documents/document.view';
import { ListInvoicesDto } from './dto/list-invoices.dto';
import { UpsertInvoiceDto } from './dto/upsert-invoice.dto';
import { InvoiceView } from './invoice.view';
import { InvoicesService } from './invoices.service';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/invoices`: each route calls the service method its tool runs; `/pdf` serves the bytes. */
@Controller(`${BILLING_API_V1}/invoices`)
@UseGuards(ApiAuthGuard)
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  /** = `billing_invoices_list`. */
  @Get()
  @OpenApiRoute({ tool: 'billing_invoices_list', errors: [403] })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListInvoicesDto): Promise<BillingPage<Partial<InvoiceView>>> {
    return this.invoices.list(caller, query);
  }

  /** = `billing_invoices_get`. */
  @Get(':id')
  @OpenApiRoute({ tool: 'billing_invoices_get', errors: [403] })
  get(@CurrentCaller() caller: McpCaller, @Param('id') id: string): Promise<InvoiceView> {
    return this.invoices.get(caller, Object.assign(new BillingIdDto(), { id }));
  }

  /** = `billing_invoices_upsert`. */
  @Post()
  @OpenApiRoute({ tool: 'billing_invoices_upsert', errors: [403, 404, 409] })
  upsert(@CurrentCaller() caller: McpCaller, @Body() body: UpsertInvoiceDto, @IdempotencyKeyHeader() key?: string): Promise<InvoiceView> {
    return this.invoices.upsert(caller, withIdempotencyKey(body, key));
  }

  /** = `billing_invoices_pay`. */
  @Post(':id/pay')
  @HttpCode(200)
  @OpenApiRoute({ tool: 'billing_invoices_pay', errors: [403, 409] })
  pay(@CurrentCaller() caller: McpCaller, @Param('id') id: string, @IdempotencyKeyHeader() key?: string): Promise<InvoiceView> {
    return this.invoices.pay(caller, withIdempotencyKey(Object.assign(new BillingIdWriteDto(), { id }), key));
  }

  /** = `billing_invoices_cancel`. */
  @Post(':id/cancel')
  @HttpCode(200)
  @OpenApiRoute({ tool: 'billing_invoices_cancel', errors: [403, 409] })
  cancel(@CurrentCaller() caller: McpCaller, @Param('id') id: string, @IdempotencyKeyHeader() key?: string): Promise<InvoiceView> {
    return this.invoices.cancel(caller, withIdempotencyKey(Object.assign(new BillingIdWriteDto(), { id }), key));
  }

  /** = `billing_invoices_pdf`: where the PDF is, how big, of what type. */
  @Get(':id/pdf/metadata')
  @OpenApiRoute({ tool: 'billing_invoices_pdf', errors: [403] })
  pdfMetadata(@CurrentCaller() caller: McpCaller, @Param('id') id: string): Promise<DocumentView> {
    return this.invoices.pdf(caller, Object.assign(new BillingIdDto(), { id }));
  }

  /** The PDF itself: the path `billing_invoices_pdf` answers. */
  @Get(':id/pdf')
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  @OpenApiRoute({
    binary: ['application/pdf'],
    summary: 'Download an invoice PDF',
    description: 'The bytes of the PDF that billing_invoices_pdf describes.',
    errors: [403],
  })
  async pdf(@CurrentCaller() caller: McpCaller, @Param('id') id: string): Promise<StreamableFile> {
    const { view, bytes } = await this.invoices.renderPdf(caller, id);
    return new StreamableFile(bytes, { type: view.content_type, length: view.size, disposition: `inline; filename="invoice-${id}.pdf"` });
  }
}
