import { BadRequestException, HttpStatus, Injectable } from '@nestjs/common';
import { IsOptional, IsString } from 'class-validator';
import { JsonRpcErrorCode, JsonRpcException, McpArgs, McpContent, McpContext, McpHeader, McpTool } from '@kobana/mcp';
import type { McpCallContext } from '@kobana/mcp';
import { JSON_SCHEMA_2020_12_TOOL_SCHEMA, RED_PIXEL_PNG, SILENT_WAV, TEXTS } from './conformance-fixtures.constants';

/** Arguments of `test_custom_header`: `region` is mirrored into `Mcp-Param-Region` (SEP-2243). */
export class CustomHeaderDto {
  @IsString()
  @McpHeader('Region')
  region!: string;

  @IsOptional()
  @IsString()
  query?: string;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The suite's content and transport fixtures, each a plain provider method, as a host writes them. */
@Injectable()
export class ConformanceTools {
  @McpTool({ name: 'test_simple_text', description: 'Returns simple text content', annotations: { readOnlyHint: true } })
  simpleText() {
    return McpContent.text(TEXTS.simple);
  }

  @McpTool({ name: 'test_image_content', description: 'Returns image content', annotations: { readOnlyHint: true } })
  image() {
    return McpContent.image(RED_PIXEL_PNG, 'image/png');
  }

  @McpTool({ name: 'test_audio_content', description: 'Returns audio content', annotations: { readOnlyHint: true } })
  audio() {
    return McpContent.audio(SILENT_WAV, 'audio/wav');
  }

  @McpTool({ name: 'test_embedded_resource', description: 'Returns an embedded resource', annotations: { readOnlyHint: true } })
  embeddedResource() {
    return McpContent.of({ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: TEXTS.embedded } });
  }

  @McpTool({ name: 'test_multiple_content_types', description: 'Returns text, image and resource content', annotations: { readOnlyHint: true } })
  multipleContentTypes() {
    return McpContent.of(
      { type: 'text', text: TEXTS.mixedIntro },
      { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: JSON.stringify({ test: 'data', value: 123 }) },
      },
    );
  }

  /** A service failure the caller can act on: the module answers it as an `isError` result, as for any host. */
  @McpTool({ name: 'test_error_handling', description: 'Always fails with a tool error' })
  errorHandling(): never {
    throw new BadRequestException(TEXTS.error);
  }

  /**
   * Logs and progress are notifications sent during a call; this endpoint
   * answers each POST with one JSON response, so the tool runs with the
   * suite's delays and says what it did (the notifications cannot be sent).
   */
  @McpTool({ name: 'test_tool_with_logging', description: 'Runs in three logged steps' })
  async withLogging() {
    await delay(50);
    await delay(50);
    return McpContent.text('Tool with logging executed successfully');
  }

  /** server-stateless: no `notifications/message` unless the request set a log level; this endpoint never sends one. */
  @McpTool({ name: 'test_logging_tool', description: 'Would log at the level the request asks for' })
  loggingTool() {
    return McpContent.text('Nothing was logged: no log level was requested');
  }

  @McpTool({ name: 'test_tool_with_progress', description: 'Runs in three steps with progress' })
  async withProgress() {
    await delay(50);
    await delay(50);
    return McpContent.text('Tool with progress executed successfully');
  }

  /** A schema no DTO can express, listed as is; the module passes the arguments unvalidated and this fixture ignores them. */
  @McpTool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features',
    inputSchema: JSON_SCHEMA_2020_12_TOOL_SCHEMA,
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  jsonSchema2020() {
    return McpContent.text('JSON Schema 2020-12 tool called');
  }

  @McpTool({ name: 'test_custom_header', description: 'Echoes a region mirrored into Mcp-Param-Region', input: CustomHeaderDto })
  customHeader(@McpArgs() args: CustomHeaderDto) {
    return McpContent.text(`region=${args.region}`);
  }

  /** Needs `sampling`, which the client must declare in `clientCapabilities` (server-stateless probes it without). */
  @McpTool({ name: 'test_missing_capability', description: 'Requires the sampling client capability' })
  missingCapability(@McpContext() context: McpCallContext) {
    if (!context.clientCapabilities?.sampling) {
      throw new JsonRpcException(JsonRpcErrorCode.MissingRequiredClientCapability, 'Missing required client capability', HttpStatus.BAD_REQUEST, {
        requiredCapabilities: { sampling: {} },
      });
    }
    return McpContent.text('The client declared sampling');
  }
}
