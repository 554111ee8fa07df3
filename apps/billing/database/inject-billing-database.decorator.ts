import { InjectHostDatabase } from '@kobana/platform';

/** Injects Billing's `Kysely<BillingDatabase>` (the platform's one database token). */
export const InjectBillingDatabase = InjectHostDatabase;
