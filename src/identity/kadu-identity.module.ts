import { Module } from '@nestjs/common';
import { IdentityModule } from '@kobana/identity';
import { DatabaseModule } from '../database/database.module';
import { KADU_DATABASE } from '../database/kadu-database.constants';
import { KADU_IDENTITY_OPTIONS } from './kadu-identity.options';

const KADU_IDENTITY = IdentityModule.register({ imports: [DatabaseModule], database: KADU_DATABASE, options: KADU_IDENTITY_OPTIONS });

/**
 * Kadu's organizations, users and access tokens (`IdentityService`), the MCP
 * verifier (`McpAccessTokenVerifier`) and the bearer authentication of
 * `/api/v1` (`ApiAuthGuard`), loaded once per application.
 */
@Module({ imports: [KADU_IDENTITY], exports: [KADU_IDENTITY] })
export class KaduIdentityModule {}
