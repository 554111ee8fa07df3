import { Injectable } from '@nestjs/common';
import { McpArgs, McpContent, McpContext, McpInputRequired, McpPrompt, McpResource, McpTool } from '@kobana/mcp';
import type { McpCallContext, McpJsonSchema } from '@kobana/mcp';

/** A 1x1 PNG, base64: what an image block carries. */
export const PIXEL_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** A few bytes of WAV header, base64: what an audio block carries. */
export const WAV_BASE64 = Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt ', 'latin1').toString('base64');
/** Bytes that are not valid UTF-8, so a text round trip would corrupt them. */
export const BINARY_BYTES = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x7f, 0x0a]);

/** A 2020-12 schema no DTO can express: `$defs` + `$anchor`, `$ref`, `if`/`then`/`else`, and an `x-mcp-header`. */
export const RAW_SCHEMA: McpJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    contact: { enum: ['email', 'phone'] },
    address: { $ref: '#/$defs/address' },
  },
  if: { properties: { contact: { const: 'phone' } } },
  then: { required: ['region'] },
  else: { required: [] },
  additionalProperties: false,
} as McpJsonSchema;

/** Tools and a resource that answer MCP content a route's JSON cannot carry. */
@Injectable()
export class ContentFixtures {
  @McpTool({ name: 'picture', description: 'An image', annotations: { readOnlyHint: true } })
  picture() {
    return McpContent.image(PIXEL_PNG_BASE64, 'image/png');
  }

  @McpTool({ name: 'voice', description: 'An audio clip', annotations: { readOnlyHint: true } })
  voice() {
    return McpContent.audio(WAV_BASE64, 'audio/wav');
  }

  @McpTool({ name: 'bundle', description: 'Every kind of block', annotations: { readOnlyHint: true } })
  bundle() {
    return McpContent.of(
      { type: 'text', text: 'Three blocks:' },
      { type: 'resource', resource: { uri: 'fixture://embedded', mimeType: 'application/json', text: '{"a":1}' } },
      { type: 'resource_link', uri: 'fixture://linked', name: 'linked', mimeType: 'text/plain' },
    );
  }

  @McpTool({ name: 'refuse', description: 'A failure the model can read', annotations: { readOnlyHint: true } })
  refuse() {
    return McpContent.error('Cannot do that: the account is closed.');
  }

  @McpTool({ name: 'summary', description: 'Text plus structured content', annotations: { readOnlyHint: true } })
  summary() {
    return new McpContent([{ type: 'text', text: '2 open, 1 closed' }], { structuredContent: { open: 2, closed: 1 } });
  }

  @McpTool({ name: 'raw_schema', description: 'Arguments described by a raw 2020-12 schema', inputSchema: RAW_SCHEMA, annotations: { readOnlyHint: true } })
  rawSchema(@McpArgs() args: Record<string, unknown>) {
    return { received: args };
  }

  @McpResource({ uri: 'fixture://logo', name: 'logo', description: 'A PNG, as bytes', mimeType: 'image/png' })
  logo() {
    return Buffer.from(PIXEL_PNG_BASE64, 'base64');
  }

  @McpResource({ uri: 'fixture://bytes', name: 'bytes', description: 'Untyped bytes' })
  bytes() {
    return new Uint8Array(BINARY_BYTES);
  }
}

/** The question both multi-round fixtures ask. */
export const CONFIRM_REQUEST = {
  method: 'elicitation/create' as const,
  params: {
    mode: 'form',
    message: 'Proceed?',
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  },
};

/** A tool and a prompt that ask the client before they finish (SEP-2322 multi-round requests). */
@Injectable()
export class InputRequiredFixtures {
  calls = 0;

  @McpTool({ name: 'ask_first', description: 'Asks before it answers', annotations: { readOnlyHint: true } })
  askFirst(@McpContext() context: McpCallContext) {
    this.calls++;
    const confirm = context.inputResponses?.confirm;
    if (confirm === undefined) return new McpInputRequired({ confirm: CONFIRM_REQUEST }, 'state-1');
    return { confirm, requestState: context.requestState ?? null };
  }

  @McpTool({ name: 'ask_stateless', description: 'Asks without a requestState', annotations: { readOnlyHint: true } })
  askStateless() {
    return new McpInputRequired({ roots: { method: 'roots/list', params: {} } });
  }

  @McpPrompt({ name: 'ask_prompt', description: 'A prompt that asks first' })
  askPrompt(@McpContext() context: McpCallContext) {
    const confirm = context.inputResponses?.confirm;
    if (confirm === undefined) return new McpInputRequired({ confirm: CONFIRM_REQUEST }, 'prompt-state');
    return `Confirmed: ${JSON.stringify(confirm)} with ${context.requestState}`;
  }
}
