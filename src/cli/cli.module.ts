import { Module } from '@nestjs/common';
import { KaduConfigModule } from '../config/kadu-config.module';
import { DatabaseModule } from '../database/database.module';
import { IdentityModule } from '../identity/identity.module';

/** What the CLI needs: configuration, the (migrated) database and identity. No HTTP, no MCP. */
@Module({ imports: [KaduConfigModule, DatabaseModule, IdentityModule] })
export class KaduCliModule {}
