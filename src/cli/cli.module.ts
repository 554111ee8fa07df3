import { Module } from '@nestjs/common';
import { KaduConfigModule } from '../config/kadu-config.module';
import { DatabaseModule } from '../database/database.module';
import { KaduIdentityModule } from '../identity/kadu-identity.module';
import { KaduConnectedAppsCliModule } from '../connected-apps/kadu-connected-apps.module';

/** What the CLI needs: configuration, the (migrated) database, identity and the OAuth grants and clients. No HTTP, no MCP. */
@Module({ imports: [KaduConfigModule, DatabaseModule, KaduIdentityModule, KaduConnectedAppsCliModule] })
export class KaduCliModule {}
