import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, StreamableFile, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { IdempotencyKeyHeader, withIdempotencyKey } from '@kobana/idempotency';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { BILLING_API_V1 } from '../billing.constants';
import { BillingIdDto } from '../common/billing-id.dto';
import { BillingPage } from '../common/offset-page.util';
import { DocumentView } from '../documents/document.view';
import { CancelNfeBodyDto, CancelNfeDto, IssueNfeDto } from './dto/issue-nfe.dto';
import { ListNfesDto } from './dto/list-nfes.dto';
import { NfeView } from './nfe.view';
import { NfesService } from './nfes.service';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/nfes`: each route calls the service method its tool runs; `/pdf` and `/xml` serve the bytes. */
@Controller(`${BILLING_API_V1}/nfes`)
@UseGuards(ApiAuthGuard)
export class NfesController {
  constructor(private readonly nfes: NfesService) {}

  /** = `billing_nfes_list`. */
  @Get()
  @OpenApiRoute({ tool: 'billing_nfes_list', errors: [403] })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListNfesDto): Promise<BillingPage<Partial<NfeView>>> {
    return this.nfes.list(caller, query);
  }

  /** = `billing_nfes_get`. */
  @Get(':id')
  @OpenApiRoute({ tool: 'billing_nfes_get', errors: [403] })
  get(@CurrentCaller() caller: McpCaller, @Param('id') id: string): Promise<NfeView> {
    return this.nfes.get(caller, Object.assign(new BillingIdDto(), { id }));
  }

  /** = `billing_nfes_issue`. */
  @Post()
  @OpenApiRoute({ tool: 'billing_nfes_issue', errors: [403, 404, 409] })
  issue(@CurrentCaller() caller: McpCaller, @Body() body: IssueNfeDto, @IdempotencyKeyHeader() key?: string): Promise<NfeView> {
    return this.nfes.issue(caller, withIdempotencyKey(body, key));
  }

  /** = `billing_nfes_cancel`. */
  @Post(':id/cancel')
  @HttpCode(200)
  @OpenApiRoute({ tool: 'billing_nfes_cancel', errors: [403, 409] })
  cancel(@CurrentCaller() caller: McpCaller, @Param('id') id: string, @Body() body: CancelNfeBodyDto, @IdempotencyKeyHeader() key?: string): Promise<NfeView> {
    return this.nfes.cancel(caller, withIdempotencyKey(Object.assign(new CancelNfeDto(), body, { id }), key));
  }

  /** = `billing_nfes_pdf`. */
  @Get(':id/pdf/metadata')
  @OpenApiRoute({ tool: 'billing_nfes_pdf', errors: [403] })
  pdfMetadata(@CurrentCaller() caller: McpCaller, @Param('id') id: string): Promise<DocumentView> {
    return this.nfes.pdf(caller, Object.assign(new BillingIdDto(), { id }));
  }

  /** = `billing_nfes_xml`. */
  @Get(':id/xml/metadata')
  @OpenApiRoute({ tool: 'billing_nfes_xml', errors: [403] })
  xmlMetadata(@CurrentCaller() caller: McpCaller, @Param('id') id: string): Promise<DocumentView> {
    return this.nfes.xml(caller, Object.assign(new BillingIdDto(), { id }));
  }

  /** The PDF itself. */
  @Get(':id/pdf')
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  @OpenApiRoute({
    binary: ['application/pdf'],
    summary: 'Download an NF-e PDF (DANFE)',
    description: 'The bytes of the PDF that billing_nfes_pdf describes.',
    errors: [403],
  })
  pdf(@CurrentCaller() caller: McpCaller, @Param('id') id: string): Promise<StreamableFile> {
    return this.serve(caller, id, 'pdf');
  }

  /** The XML itself. */
  @Get(':id/xml')
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  @OpenApiRoute({
    binary: ['application/xml'],
    summary: 'Download an NF-e XML',
    description: 'The bytes of the XML that billing_nfes_xml describes.',
    errors: [403],
  })
  xml(@CurrentCaller() caller: McpCaller, @Param('id') id: string): Promise<StreamableFile> {
    return this.serve(caller, id, 'xml');
  }

  private async serve(caller: McpCaller, id: string, kind: 'pdf' | 'xml'): Promise<StreamableFile> {
    const { view, bytes } = await this.nfes.render(caller, id, kind);
    return new StreamableFile(bytes, { type: view.content_type, length: view.size, disposition: `inline; filename="nfe-${id}.${kind}"` });
  }
}
