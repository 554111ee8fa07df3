import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiRouteExplorer } from './discovery/openapi-route.explorer';
import { OpenApiDocumentService } from './document/openapi-document.service';
import { OpenApiConfigurableModuleClass } from './openapi.module-definition';

/**
 * Serves the OpenAPI 3.1 document of a host's REST API at
 * `GET /<prefix>/openapi.json`, built at start-up from Nest's route
 * metadata, the class-validator DTOs the routes validate with, and the
 * output schemas of the MCP tools the routes mirror (docs/openapi.md).
 *
 * @example
 * ```ts
 * OpenApiModule.forRoot({ prefix: 'api/v1', info: { title: 'Kadu', version: '1' }, bearerGuards: [ApiAuthGuard], bearerDescription: '…' })
 * ```
 */
@Module({
  imports: [DiscoveryModule],
  providers: [OpenApiRouteExplorer, OpenApiDocumentService],
  exports: [OpenApiDocumentService],
})
export class OpenApiModule extends OpenApiConfigurableModuleClass {}
