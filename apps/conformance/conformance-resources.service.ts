import { Injectable } from '@nestjs/common';
import { McpCompletion, McpResource, McpResourceParams, McpResourceTemplate } from '@kobana/mcp';
import { RED_PIXEL_PNG, TEXTS } from './conformance-fixtures.constants';

/** The suite's resources: one text document, one binary, one template. */
@Injectable()
export class ConformanceResources {
  @McpResource({ uri: 'test://static-text', name: 'static-text', description: 'A static text resource', mimeType: 'text/plain' })
  staticText() {
    return TEXTS.staticResource;
  }

  /** Bytes: the module answers a Buffer as a base64 `blob`. */
  @McpResource({ uri: 'test://static-binary', name: 'static-binary', description: 'A static binary resource (PNG)', mimeType: 'image/png' })
  staticBinary() {
    return Buffer.from(RED_PIXEL_PNG, 'base64');
  }

  @McpResourceTemplate({
    uriTemplate: 'test://template/{id}/data',
    name: 'template-data',
    description: 'Data for one id',
    mimeType: 'application/json',
  })
  templateData(@McpResourceParams() params: { id: string }) {
    return { id: params.id, templateTest: true, data: `Data for ID: ${params.id}` };
  }

  @McpCompletion({ ref: { type: 'ref/resource', uri: 'test://template/{id}/data' }, argument: 'id' })
  templateIds(_caller: unknown, value: string) {
    return ['123', '124', '200'].filter((id) => id.startsWith(value));
  }
}
