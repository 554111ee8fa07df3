import { NotFoundException } from '@nestjs/common';
import { Kysely, Selectable } from 'kysely';
import type { KaduDatabase } from '../database/kadu-database.interface';
import type { WebhookEndpointsTable } from './webhook.table';

/**
 * The caller's organization's endpoint, unless deleted. Another
 * organization's, a deleted one and an unknown id all answer the same 404.
 * @throws NotFoundException (404) `Webhook endpoint not found`.
 */
export async function findActiveEndpoint(db: Kysely<KaduDatabase>, organizationId: string, id: string): Promise<Selectable<WebhookEndpointsTable>> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new NotFoundException('Webhook endpoint not found');
  return row;
}
