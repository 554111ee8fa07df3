import { Inject } from '@nestjs/common';
import { BILLING_DATABASE } from './billing-database.constants';

/** Injects Billing's `Kysely<BillingDatabase>`. */
export const InjectBillingDatabase = (): ParameterDecorator => Inject(BILLING_DATABASE);
