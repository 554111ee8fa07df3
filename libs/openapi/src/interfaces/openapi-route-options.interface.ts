/** A class the schema factory can describe: class-validator decorators, `@JSONSchema()`, nested classes. */
export type OpenApiClass = new (...args: any[]) => object;

/** Statuses a route may answer besides the ones derived from its metadata. */
export type OpenApiErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/**
 * What `@OpenApiRoute()` says about a route that its Nest metadata cannot:
 * what it answers on success, and which errors its service may throw.
 * Exactly one of `tool`, `output`, `outputSchema` and `binary` names the success answer.
 */
export interface OpenApiRouteOptions {
  /**
   * The MCP tool the route mirrors: the operation takes the tool's title as
   * its summary, its description, and its `outputSchema` as the success
   * schema, so the shape is declared once, on the service method.
   */
  tool?: string;
  /** The view class of the JSON answer, for a route no tool mirrors. */
  output?: OpenApiClass;
  /** A JSON Schema 2020-12 of the JSON answer, listed as is, for a shape no class describes. */
  outputSchema?: Record<string, unknown>;
  /** Media types of a route that answers bytes (a PDF, a file's content). */
  binary?: readonly string[];
  /** Operation summary, for a route no tool mirrors. */
  summary?: string;
  /** Operation description, for a route no tool mirrors. */
  description?: string;
  /**
   * A class describing the query when the handler takes it untyped (its
   * parameters are then checked by the service, not by the `ValidationPipe`).
   */
  query?: OpenApiClass;
  /** Media types the route accepts as a raw request body (an upload streamed to disk). */
  upload?: readonly string[];
  /**
   * Errors the route's service answers beyond those its metadata implies
   * (400 for input, 401 for a bearer guard, 404 for a path parameter, 413 for
   * a body): 403 for a role, 409 for a state conflict, 402 for a quota.
   * @default []
   */
  errors?: readonly OpenApiErrorStatus[];
}
