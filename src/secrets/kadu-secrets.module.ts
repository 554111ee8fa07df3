import { Module } from '@nestjs/common';
import { SecretsModule } from '@kobana/host-kit';
import { DatabaseModule } from '../database/database.module';
import { KADU_DATABASE } from '../database/kadu-database.constants';
import { KADU_SECRETS_OPTIONS } from './secrets.constants';

const KADU_SECRETS = SecretsModule.register({ imports: [DatabaseModule], database: KADU_DATABASE, ...KADU_SECRETS_OPTIONS });

/** Provides Kadu's `SecretsService<KaduSecretName>` (see {@link KADU_SECRETS_OPTIONS}), loaded once per application. */
@Module({ imports: [KADU_SECRETS], exports: [KADU_SECRETS] })
export class KaduSecretsModule {}
