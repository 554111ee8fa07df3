import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, OpenApiMediaType, OpenApiOperation, OpenApiResponse, OpenApiSchema } from '../interfaces/openapi-document.interface';

/** One real HTTP answer of the API, as a test saw it. */
export interface OpenApiAnswer {
  method: string;
  /** The path requested (a query string is ignored). */
  path: string;
  status: number;
  /** The `Content-Type` header, if any. */
  contentType: string | null;
  /** The body as text (JSON answers are parsed here). */
  text: string;
}

/** The operation an answer belongs to. */
export interface OpenApiMatchedOperation {
  /** The path template, e.g. `/api/v1/tasks/{id}`. */
  template: string;
  method: string;
  operation: OpenApiOperation;
}

/**
 * Checks real answers against a document, as a client generated from it
 * would expect them: the status is one the operation lists, and a JSON body
 * is valid against that status's schema (Ajv 2020-12 in strict mode with
 * formats, so a schema a client would refuse fails too); a binary answer
 * has one of the listed media types.
 */
export class OpenApiAnswerCheck {
  private readonly ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
  private readonly compiled = new Map<object, ValidateFunction>();
  private readonly templates: Array<{ template: string; pattern: RegExp; statics: number }>;

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addKeyword({ keyword: 'x-mcp-header', schemaType: 'string' });
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        statics: template.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
      }))
      // A static segment wins over a parameter, as Express tries the more specific route first here.
      .sort((a, b) => b.statics - a.statics);
  }

  /** The operation of `method` on a concrete `path`, if the document has one. */
  match(method: string, path: string): OpenApiMatchedOperation | undefined {
    const bare = path.split('?', 1)[0];
    for (const { template, pattern } of this.templates) {
      const operation = pattern.test(bare) ? this.document.paths[template][method.toLowerCase()] : undefined;
      if (operation) return { template, method: method.toUpperCase(), operation };
    }
    return undefined;
  }

  /**
   * @returns the operation the answer belongs to.
   * @throws Error saying what does not match: an undocumented route or status, a wrong media type, a body off its schema.
   */
  check(answer: OpenApiAnswer): OpenApiMatchedOperation {
    const where = `${answer.method} ${answer.path} → ${answer.status}`;
    const matched = this.match(answer.method, answer.path);
    if (!matched) throw new Error(`${where}: no such operation in the document`);
    const declared = matched.operation.responses[String(answer.status)];
    if (!declared) throw new Error(`${where}: status not documented (documented: ${Object.keys(matched.operation.responses).join(', ')})`);
    const content = this.resolveResponse(declared).content ?? {};
    const type = (answer.contentType ?? '').split(';', 1)[0].trim().toLowerCase();
    const media: OpenApiMediaType | undefined = content[type];
    if (!media) throw new Error(`${where}: Content-Type ${answer.contentType} is not one of ${Object.keys(content).join(', ') || 'none'}`);
    if (media.schema) {
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        throw new Error(`${where}: the body is not JSON: ${answer.text.slice(0, 200)}`);
      }
      const validate = this.validator(media.schema);
      if (!validate(body))
        throw new Error(`${where}: the body does not match the document: ${this.ajv.errorsText(validate.errors)}\n${answer.text.slice(0, 500)}`);
    }
    return matched;
  }

  private resolveResponse(response: OpenApiResponse): Exclude<OpenApiResponse, { $ref: string }> {
    if (!('$ref' in response)) return response;
    const name = response.$ref.replace('#/components/responses/', '');
    const found = this.document.components.responses[name];
    if (!found || '$ref' in found) throw new Error(`unresolvable response ${response.$ref}`);
    return found;
  }

  private validator(schema: OpenApiSchema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(resolveComponentRefs(schema, this.document));
      this.compiled.set(schema, validate);
    }
    return validate;
  }
}

/** A copy of `schema` with each `#/components/schemas/…` reference replaced by the schema it names. */
export function resolveComponentRefs(schema: unknown, document: OpenApiDocument): OpenApiSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const target = document.components.schemas[ref.slice('#/components/schemas/'.length)];
      if (!target) throw new Error(`unresolvable schema ${ref}`);
      return walk(target);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(schema) as OpenApiSchema;
}
