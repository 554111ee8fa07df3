import { DynamicModule, Module } from '@nestjs/common';
import { ApiAuthGuard } from './api-auth.guard';
import { ApiBearerStrategy } from './api-bearer.strategy';
import { IDENTITY_DATABASE, IDENTITY_OPTIONS, IdentityHostOptions } from './identity.options';
import { IdentityPeople } from './identity-people.provider';
import { IdentityService } from './identity.service';
import { McpAccessTokenVerifier } from './mcp-access-token.provider';

/**
 * Organizations, users and access tokens of one host; its people as the
 * platform's `People` port (`IdentityPeople`); the MCP verifier; and the
 * bearer authentication of its `/api/v1`.
 */
@Module({})
export class IdentityModule {
  /** Call it once per host and import the result (or a module that re-exports it) wherever identity is needed. */
  static register(host: IdentityHostOptions): DynamicModule {
    return {
      module: IdentityModule,
      imports: host.imports,
      providers: [
        { provide: IDENTITY_DATABASE, useExisting: host.database },
        { provide: IDENTITY_OPTIONS, useValue: host.options },
        IdentityService,
        IdentityPeople,
        McpAccessTokenVerifier,
        ApiBearerStrategy,
        ApiAuthGuard,
      ],
      exports: [IdentityService, IdentityPeople, McpAccessTokenVerifier, ApiBearerStrategy, ApiAuthGuard],
    };
  }
}
