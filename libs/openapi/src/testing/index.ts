/** Test helpers of `@kobana/openapi`: real answers against the document, and the document's own structure. */
export { OpenApiAnswerCheck, resolveComponentRefs } from './openapi-answer.check';
export type { OpenApiAnswer, OpenApiMatchedOperation } from './openapi-answer.check';
export { openApiDocumentProblems } from './openapi-document.check';
