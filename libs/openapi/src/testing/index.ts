/** Test helpers of `@kobana/openapi`: real answers against the document, and the document's own structure. */
export { OpenApiAnswerCheck, resolveComponentRefs } from './openapi-answer-check.util';
export type { OpenApiAnswer, OpenApiMatchedOperation } from './openapi-answer-check.util';
export { openApiDocumentProblems } from './openapi-document-check.util';
