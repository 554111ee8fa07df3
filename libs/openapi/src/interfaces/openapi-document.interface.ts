/** A JSON value of the document. */
export type OpenApiJson = string | number | boolean | null | OpenApiJson[] | { [key: string]: OpenApiJson };

/** A JSON Schema 2020-12 object, as OpenAPI 3.1 takes it. */
export type OpenApiSchema = { [key: string]: OpenApiJson };

/** OpenAPI Parameter Object (path, query or header). */
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: OpenApiSchema;
}

/** OpenAPI Media Type Object: a schema for JSON, none for bytes. */
export interface OpenApiMediaType {
  schema?: OpenApiSchema;
}

/** OpenAPI Response Object, or a reference to one under `components.responses`. */
export type OpenApiResponse =
  | { description: string; headers?: Record<string, { description: string; schema: OpenApiSchema }>; content?: Record<string, OpenApiMediaType> }
  | { $ref: string };

/** OpenAPI Operation Object, as the builder writes it. */
export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  description?: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
  security?: Array<Record<string, string[]>>;
}

/** The OpenAPI 3.1 document a host serves. */
export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect: string;
  info: { title: string; version: string; description?: string };
  servers: Array<{ url: string; description?: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; description: string }>;
    schemas: Record<string, OpenApiSchema>;
    responses: Record<string, OpenApiResponse>;
  };
}
