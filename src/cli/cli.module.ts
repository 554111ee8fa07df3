import { Module } from '@nestjs/common';
import { KaduConfigModule } from '../config/kadu-config.module';
import { DatabaseModule } from '../database/database.module';
import { KaduIdentityModule } from '../identity/kadu-identity.module';

/** What the CLI needs: configuration, the (migrated) database and identity. No HTTP, no MCP. */
@Module({ imports: [KaduConfigModule, DatabaseModule, KaduIdentityModule] })
export class KaduCliModule {}
