/**
 * `@kobana/openapi`: the OpenAPI 3.1 document of a host's REST API, from the
 * route metadata and the same class-validator classes the MCP tools use
 * (docs/openapi.md).
 */
export { OpenApiModule } from './openapi.module';
export { OPENAPI_OPTIONS_TYPE, OPENAPI_ASYNC_OPTIONS_TYPE } from './openapi.module-definition';
export { OpenApiRoute } from './decorators/openapi-route.decorator';
export { OpenApiHeader } from './decorators/openapi-header.decorator';
export type { OpenApiHeaderParameter } from './decorators/openapi-header.decorator';
export { OpenApiDocumentService } from './document/openapi-document.service';
export { HttpErrorView } from './views/http-error.view';
export { BearerErrorView } from './views/bearer-error.view';
export { OPENAPI_DOCUMENT_FILE, OPENAPI_VERSION } from './openapi.constants';
export type { OpenApiRouteOptions, OpenApiErrorStatus, OpenApiClass } from './interfaces/openapi-route-options.interface';
export type { OpenApiModuleOptions, OpenApiModuleExtras, OpenApiServer } from './interfaces/openapi-module-options.interface';
export type { OpenApiDocument, OpenApiOperation, OpenApiParameter, OpenApiResponse, OpenApiSchema } from './interfaces/openapi-document.interface';
