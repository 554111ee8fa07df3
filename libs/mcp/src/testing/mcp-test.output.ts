import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { McpJsonSchema } from '../interfaces/json-schema.interface';
import type { McpToolOutcome } from './mcp-test.results';
import { McpTestingMessages } from './mcp-testing.messages';

/**
 * Checks an answer as the official SDK clients do in `callTool`: a tool that
 * lists an `outputSchema` answers, on success, a `structuredContent` valid
 * against it; an `isError` result is not checked. Ajv 2020-12 in strict mode
 * with formats, so a schema a client would refuse fails here too.
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
  check(outcome: McpToolOutcome, outputSchema: McpJsonSchema | undefined): void {
    if (!outputSchema || outcome.isError || outcome.resultType !== 'complete') return;
    const { name } = outcome.call;
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
