import { Module } from '@nestjs/common';
import { CONNECTED_APPS_DATABASE, ConnectedAppsModule } from '@kobana/oauth';
import { ApprovalsModule } from '../approvals/approvals.module';
import { DatabaseModule } from '../database/database.module';
import { KADU_DATABASE } from '../database/kadu-database.constants';

const DATABASE = { provide: CONNECTED_APPS_DATABASE, useExisting: KADU_DATABASE };

/**
 * The apps a person connected to Kadu with OAuth: `/connected-apps`, behind
 * the approval flow's sign-in (`kadu_session`), over Kadu's `oauth_records`.
 */
@Module({
  imports: [ConnectedAppsModule.register({ imports: [DatabaseModule, ApprovalsModule], providers: [DATABASE] })],
})
export class KaduConnectedAppsModule {}

/** The same service without the page, for the CLI (`token list`, `token revoke`, `client ...`). */
@Module({
  imports: [ConnectedAppsModule.forCli({ imports: [DatabaseModule], providers: [DATABASE] })],
  exports: [ConnectedAppsModule],
})
export class KaduConnectedAppsCliModule {}
