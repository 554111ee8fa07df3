import { shownWebhookUrl } from './webhook-url.view';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { IdempotencyService } from '@kobana/idempotency';
import { assertRole } from '../common/roles/roles.policy';
import { keysetPage } from '../common/pagination/keyset-page.util';
import { Page } from '../common/pagination/page.interface';
import { PageView } from '../common/pagination/page.view';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { ListWebhookDeliveriesDto, WebhookWriteDto } from './dto/webhook-endpoint.dto';
import { findActiveEndpoint } from './webhook-endpoint.store';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { toDeliveryView, WebhookDeliveryView } from './webhook.view';
import { WEBHOOK_ROLES } from './webhook-roles.policy';
import { KaduConfirmationMessages } from '../common/confirmation/kadu-confirmation.messages';

/**
 * Deliveries of the caller's organization, served by
 * `/api/v1/webhook_deliveries` and the `kadu_webhook_deliveries_*` tools.
 */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly idempotency: IdempotencyService<KaduDatabase>,
    private readonly worker: WebhookDeliveryWorker,
  ) {}

  /** A page of deliveries, newest first, each with all its attempts. */
  @McpTool({
    name: 'kadu_webhook_deliveries_list',
    output: PageView(WebhookDeliveryView),
    title: 'List webhook deliveries',
    description:
      "Lists your organization's webhook deliveries, newest first, optionally of one endpoint (endpoint_id), " +
      'each with every attempt: status code, duration and error.',
    scopes: ['kadu:read'],
    roles: WEBHOOK_ROLES,
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  async list(@McpCaller() caller: McpCaller, @McpArgs() query: ListWebhookDeliveriesDto): Promise<Page<WebhookDeliveryView>> {
    assertRole(caller, WEBHOOK_ROLES, 'read webhooks');
    let rows = this.db.selectFrom('webhook_deliveries').selectAll().where('organization_id', '=', caller.organization_id);
    if (query.endpoint_id !== undefined) rows = rows.where('endpoint_id', '=', query.endpoint_id);
    const page = await keysetPage(rows, query, (row) => row);
    const ids = page.data.map((row) => row.id);
    const attempts = ids.length
      ? await this.db
          .selectFrom('webhook_delivery_attempts')
          .selectAll()
          .where('organization_id', '=', caller.organization_id)
          .where('delivery_id', 'in', ids)
          .execute()
      : [];
    return { data: page.data.map((row) => toDeliveryView(row, attempts)), meta: page.meta };
  }

  /**
   * Sends a delivery's event again, as a new delivery to the same endpoint.
   * Not idempotent: each call is one more delivery, unless the key repeats.
   */
  @McpTool({
    name: 'kadu_webhook_deliveries_replay',
    output: WebhookDeliveryView,
    title: 'Replay a webhook delivery',
    description:
      'Sends the event of a delivery again to its endpoint, as a new delivery with the same event id. ' +
      'Each call sends once more, unless you repeat an idempotency_key.',
    scopes: ['kadu:write'],
    roles: WEBHOOK_ROLES,
    annotations: { destructiveHint: true, idempotentHint: false },
    confirmation: { describe: 'describeReplay' },
  })
  async replay(@McpCaller() caller: McpCaller, @McpArgs() dto: WebhookWriteDto): Promise<WebhookDeliveryView> {
    assertRole(caller, WEBHOOK_ROLES, 'replay webhooks');
    const view = await this.idempotency.run(caller, 'kadu_webhook_deliveries_replay', dto, async (trx) => {
      const original = await trx
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('organization_id', '=', caller.organization_id)
        .where('id', '=', dto.id)
        .executeTakeFirst();
      if (!original) throw new NotFoundException('Webhook delivery not found');
      await findActiveEndpoint(trx, caller.organization_id, original.endpoint_id).catch(() => {
        throw new ConflictException('The endpoint of this delivery was deleted');
      });
      const now = new Date().toISOString();
      const row = {
        ...original,
        id: randomUUID(),
        status: 'pending' as const,
        attempt_count: 0,
        next_attempt_at: now,
        last_status_code: null,
        replay_of: original.id,
        created_at: now,
        updated_at: now,
        completed_at: null,
      };
      await trx.insertInto('webhook_deliveries').values(row).execute();
      return toDeliveryView(row, []);
    });
    // After the commit, so the loop sees the row.
    this.worker.kick();
    return view;
  }

  /** The event and the endpoint's URL, for the person who confirms; the same 404 and 409 as {@link replay}. */
  async describeReplay(caller: McpCaller, dto: WebhookWriteDto): Promise<string> {
    assertRole(caller, WEBHOOK_ROLES, 'replay webhooks');
    if (await this.idempotency.replays(caller, 'kadu_webhook_deliveries_replay', dto)) return KaduConfirmationMessages.replay();
    const original = await this.db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', 'event_type'])
      .where('organization_id', '=', caller.organization_id)
      .where('id', '=', dto.id)
      .executeTakeFirst();
    if (!original) throw new NotFoundException('Webhook delivery not found');
    const endpoint = await findActiveEndpoint(this.db, caller.organization_id, original.endpoint_id).catch(() => {
      throw new ConflictException('The endpoint of this delivery was deleted');
    });
    return KaduConfirmationMessages.delivery(original.event_type, KaduConfirmationMessages.endpoint(shownWebhookUrl(endpoint.url)));
  }
}
