import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, OpenApiResponse } from '../interfaces/openapi-document.interface';
import { resolveComponentRefs } from './openapi-answer-check.util';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * What is wrong with a document as OpenAPI 3.1 (empty when nothing): the
 * structure the specification requires of the parts this library writes
 * (version, info, paths, operations, parameters, responses, security), every
 * reference resolving, and every schema a valid JSON Schema 2020-12 that
 * Ajv compiles in strict mode. Not a full meta-schema validation: no
 * validator of the OpenAPI 3.1 schema is among the dependencies.
 */
export function openApiDocumentProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  const ajv = addFormats(new Ajv2020({ strict: true }));
  ajv.addKeyword({ keyword: 'x-mcp-header', schemaType: 'string' });
  const schema = (where: string, value: unknown) => {
    try {
      const resolved = resolveComponentRefs(value, document);
      if (!ajv.validateSchema(resolved)) problems.push(`${where}: ${ajv.errorsText(ajv.errors)}`);
      ajv.compile(resolved);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  };
  if (!/^3\.1\.\d+$/.test(document.openapi)) problems.push(`openapi is ${document.openapi}, not 3.1.x`);
  if (!document.info?.title || !document.info?.version) problems.push('info needs title and version');
  const operationIds = new Set<string>();
  for (const [template, item] of Object.entries(document.paths)) {
    if (!template.startsWith('/')) problems.push(`path ${template} does not start with /`);
    const inTemplate = [...template.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
    for (const [method, operation] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${template}`;
      if (!METHODS.has(method)) problems.push(`${at}: not an HTTP method`);
      if (operationIds.has(operation.operationId)) problems.push(`${at}: operationId ${operation.operationId} is not unique`);
      operationIds.add(operation.operationId);
      const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      for (const name of inTemplate) {
        if (!inPath.some((parameter) => parameter.name === name && parameter.required === true))
          problems.push(`${at}: path parameter ${name} not declared as required`);
      }
      for (const parameter of inPath) if (!inTemplate.includes(parameter.name)) problems.push(`${at}: path parameter ${parameter.name} is not in the path`);
      const seen = new Set<string>();
      for (const parameter of operation.parameters ?? []) {
        const key = `${parameter.in}:${parameter.name}`;
        if (seen.has(key)) problems.push(`${at}: parameter ${key} twice`);
        seen.add(key);
        schema(`${at} parameter ${key}`, parameter.schema);
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) if (media.schema) schema(`${at} body ${type}`, media.schema);
      const statuses = Object.keys(operation.responses);
      if (!statuses.some((status) => /^2\d\d$/.test(status))) problems.push(`${at}: no success response`);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[1-5]\d\d$/.test(status)) problems.push(`${at}: response key ${status} is not a status`);
        const resolved = resolve(document, response);
        if (!resolved) problems.push(`${at} ${status}: unresolvable ${JSON.stringify(response)}`);
        else if (!resolved.description) problems.push(`${at} ${status}: a response needs a description`);
        for (const [type, media] of Object.entries(resolved?.content ?? {})) if (media.schema) schema(`${at} ${status} ${type}`, media.schema);
      }
      for (const requirement of operation.security ?? []) {
        for (const name of Object.keys(requirement)) if (!document.components.securitySchemes[name]) problems.push(`${at}: unknown security scheme ${name}`);
      }
    }
  }
  return problems;
}

function resolve(document: OpenApiDocument, response: OpenApiResponse): Exclude<OpenApiResponse, { $ref: string }> | undefined {
  if (!('$ref' in response)) return response;
  const found = document.components.responses[response.$ref.replace('#/components/responses/', '')];
  return found && !('$ref' in found) ? found : undefined;
}
