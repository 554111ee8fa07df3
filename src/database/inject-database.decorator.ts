import { Inject } from '@nestjs/common';
import { KADU_DATABASE } from './kadu-database.constants';

/** Injects the application's `Kysely<KaduDatabase>`. */
export const InjectDatabase = (): ParameterDecorator => Inject(KADU_DATABASE);
