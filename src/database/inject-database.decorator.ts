import { InjectHostDatabase } from '@kobana/platform';

/** Injects Kadu's `Kysely<KaduDatabase>` (the platform's one database token). */
export const InjectDatabase = InjectHostDatabase;
