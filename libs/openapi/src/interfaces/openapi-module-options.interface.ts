import type { CanActivate, Type } from '@nestjs/common';
import type { OpenApiErrorStatus } from './openapi-route-options.interface';

/** A server the document lists (OpenAPI Server Object). */
export interface OpenApiServer {
  url: string;
  description?: string;
}

/** What a host tells `OpenApiModule` about itself. */
export interface OpenApiModuleOptions {
  /** `info` of the document. */
  info: { title: string; version: string; description?: string };
  /** Where the API is reached, e.g. the host's `PUBLIC_URL`. @default [] */
  servers?: OpenApiServer[];
  /**
   * Guards that require `Authorization: Bearer <token>`: a route behind one
   * of them gets the bearer security requirement and the 401 answer.
   */
  bearerGuards: Type<CanActivate>[];
  /** What the bearer scheme accepts (which tokens), shown in the document. */
  bearerDescription: string;
  /**
   * Errors every documented route may answer, e.g. 503 while the database
   * is unavailable.
   * @default []
   */
  errors?: readonly OpenApiErrorStatus[];
  /**
   * Serve the document as a page a person reads at `GET /<uiPath>`
   * (otherwise that path answers 404, as an unknown one does). Hosts turn it
   * off in production unless a setting asks for it.
   * @default false
   */
  ui?: boolean;
}

/** Extras of `forRoot` / `forRootAsync`: known when the module is defined, since the document's route is declared then. */
export interface OpenApiModuleExtras {
  /**
   * The API prefix (as `@Controller()` takes it): the document lists every
   * route under it and is served at `GET /<prefix>/openapi.json`.
   * @default 'api/v1'
   */
  prefix: string;
  /**
   * Path of the page (`ui: true`), outside the prefix so the document's
   * routes are the API's alone.
   * @default 'api/docs'
   */
  uiPath?: string;
}
