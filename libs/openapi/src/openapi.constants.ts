/** Metadata key of `@OpenApiRoute()` on a controller method. */
export const OPENAPI_ROUTE_METADATA = 'kobana:openapi:route';

/** Metadata key of `@OpenApiHeader()` on a parameter decorated by a custom param decorator. */
export const OPENAPI_HEADER_METADATA = 'kobana:openapi:header';

/** The document's file name under the host's API prefix: `GET /<prefix>/openapi.json`. */
export const OPENAPI_DOCUMENT_FILE = 'openapi.json';

/** The OpenAPI version the document declares: 3.1 takes JSON Schema 2020-12, the dialect of the tools' schemas. */
export const OPENAPI_VERSION = '3.1.0';

/** Name of the bearer scheme under `components.securitySchemes`. */
export const OPENAPI_BEARER_SCHEME = 'bearer';

/** Injection token of the module's options. */
export const OPENAPI_MODULE_OPTIONS = Symbol('OPENAPI_MODULE_OPTIONS');

/** Injection token of the API prefix the document covers, normalized (`api/v1`). */
export const OPENAPI_PREFIX = Symbol('OPENAPI_PREFIX');

/** Injection token of the page's path, normalized (`api/docs`). */
export const OPENAPI_UI_PATH = Symbol('OPENAPI_UI_PATH');
