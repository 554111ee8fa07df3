import type { INestApplication } from '@nestjs/common';
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { McpJsonSchema } from '../interfaces/json-schema.interface';
import { McpToolRegistry } from '../discovery/mcp-tool.registry';
import type { McpToolOutcome } from './mcp-test.view';
import { McpTestingMessages } from './mcp-testing.messages';

/**
 * Checks an answer as the official SDK clients do in `callTool`: a tool that
 * lists an `outputSchema` answers, on success, a `structuredContent` valid
 * against it; an `isError` result carries none, since SDK 1.x clients validate
 * it even on an error and would throw instead of returning the result. Ajv
 * 2020-12 in strict mode with formats, so a schema a client would refuse fails
 * here too.
 */
export class McpTestOutputCheck {
  private readonly ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
  /** Schemas are frozen and shared by the registry: one compiled validator each. */
  private readonly compiled = new WeakMap<McpJsonSchema, ValidateFunction>();

  constructor() {
    // Annotation keywords the module emits on input schemas; output schemas share the vocabulary.
    this.ajv.addKeyword({ keyword: 'x-mcp-header', schemaType: 'string' });
  }

  /** @throws Error naming the tool and what did not match, when the answer breaks its declared shape. */
  check(
    outcome: Pick<McpToolOutcome, 'isError' | 'resultType' | 'structuredContent'> & { call: { name: string } },
    outputSchema: McpJsonSchema | undefined,
  ): void {
    if (!outputSchema || outcome.resultType !== 'complete') return;
    const { name } = outcome.call;
    if (outcome.isError) {
      if (outcome.structuredContent !== undefined) throw new Error(McpTestingMessages.errorStructured(name));
      return;
    }
    if (outcome.structuredContent === undefined) throw new Error(McpTestingMessages.outputMissing(name));
    const validate = this.validator(outputSchema);
    if (!validate(outcome.structuredContent)) throw new Error(McpTestingMessages.outputInvalid(name, this.ajv.errorsText(validate.errors)));
  }

  private validator(schema: McpJsonSchema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }
}

/** One checker for every client: compiled validators are kept per schema. */
export const MCP_TEST_OUTPUT_CHECK = new McpTestOutputCheck();

/**
 * For a test that calls tools its own way (raw HTTP, an SDK): checks a
 * `tools/call` result of `app` against the tool's `outputSchema`, as
 * {@link McpTestClient} does for its own calls.
 *
 * @throws Error when a successful result's `structuredContent` is missing or does not match, or an error result has one.
 */
export function expectToolOutputMatches(
  app: INestApplication,
  name: string,
  result: { isError?: boolean; resultType?: string; structuredContent?: unknown },
): void {
  const tool = app.get(McpToolRegistry, { strict: false }).get(name);
  const outcome = {
    isError: result.isError === true,
    resultType: result.resultType === 'input_required' ? ('input_required' as const) : ('complete' as const),
    structuredContent: result.structuredContent,
    call: { name },
  };
  MCP_TEST_OUTPUT_CHECK.check(outcome, tool?.descriptor.outputSchema);
}
