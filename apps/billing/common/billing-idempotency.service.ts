import { Injectable } from '@nestjs/common';
import { Kysely, Transaction } from 'kysely';
import type { McpCaller } from '@kobana/mcp';
import { IdempotencyService } from '../../../src/common/idempotency/idempotency.service';
import { IdempotentDto } from '../../../src/common/idempotency/idempotent.dto';
import type { KaduDatabase } from '../../../src/database/kadu-database.interface';
import { BillingDatabase } from '../database/billing-database.interface';
import { InjectBillingDatabase } from '../database/inject-billing-database.decorator';

/**
 * Kadu's {@link IdempotencyService} on Billing's database: same rules (24 h,
 * per organization, conflict on other arguments, effect and response in one
 * transaction). The casts are sound because that service only touches
 * `idempotency_keys`, created in Billing by Kadu's own migration.
 */
@Injectable()
export class BillingIdempotency {
  private readonly service: IdempotencyService;

  constructor(@InjectBillingDatabase() db: Kysely<BillingDatabase>) {
    this.service = new IdempotencyService(db as unknown as Kysely<KaduDatabase>);
  }

  /** See {@link IdempotencyService.run}. Inside `effect` use only `trx`. */
  run<T>(caller: McpCaller, operation: string, dto: IdempotentDto, effect: (trx: Transaction<BillingDatabase>) => Promise<T>): Promise<T> {
    return this.service.run(caller, operation, dto, (trx) => effect(trx as unknown as Transaction<BillingDatabase>));
  }
}
