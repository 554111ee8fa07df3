import { shownWebhookUrl } from './webhook-url.view';
import { Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { IdempotencyService, IdempotentRunOptions } from '@kobana/idempotency';
import { assertRole } from '../common/roles/roles.policy';
import { keysetPage } from '../common/pagination/keyset-page.util';
import { Page } from '../common/pagination/page.interface';
import { PageView } from '../common/pagination/page.view';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { CreateWebhookEndpointDto, ListWebhookEndpointsDto, UpdateWebhookEndpointDto, WebhookWriteDto } from './dto/webhook-endpoint.dto';
import { findActiveEndpoint } from './webhook-endpoint.store';
import { WebhookUrlValidator } from './webhook-url-validator.service';
import { WebhookSecretBox } from './webhook-secret-box.codec';
import { generateWebhookSecret } from './webhook-signature.codec';
import { DeletedWebhookEndpointView, toEndpointView, WebhookEndpointView, WebhookEndpointWithSecretView } from './webhook.view';
import { WEBHOOK_ROLES } from './webhook-roles.policy';
import { KaduConfirmationMessages, wordsList } from '../common/confirmation/kadu-confirmation.messages';

const PUBLIC_COLUMNS = ['id', 'url', 'description', 'events', 'enabled', 'created_at', 'updated_at'] as const;

/**
 * Webhook endpoints of the caller's organization, served by
 * `/api/v1/webhook_endpoints` and the `kadu_webhook_endpoints_*` tools.
 * The signing secret is sealed at rest and shown only by create and rotate.
 */
@Injectable()
export class WebhookEndpointsService {
  /**
   * Create and rotate answer the secret; an `idempotency_key` keeps that
   * answer for 24 h, so the secret rests there sealed like the endpoint's
   * own, and a replay still shows it (the retry of a lost answer needs it).
   */
  private readonly secretShown: IdempotentRunOptions;

  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly idempotency: IdempotencyService<KaduDatabase>,
    private readonly urls: WebhookUrlValidator,
    private readonly box: WebhookSecretBox,
  ) {
    this.secretShown = { sealed: { fields: ['secret'], sealer: box } };
  }

  /** A page of endpoints, newest first, without secrets. */
  @McpTool({
    name: 'kadu_webhook_endpoints_list',
    output: PageView(WebhookEndpointView),
    title: 'List webhook endpoints',
    description: "Lists your organization's webhook endpoints, newest first. Secrets are never listed.",
    scopes: ['kadu:read'],
    roles: WEBHOOK_ROLES,
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  async list(@McpCaller() caller: McpCaller, @McpArgs() query: ListWebhookEndpointsDto): Promise<Page<WebhookEndpointView>> {
    assertRole(caller, WEBHOOK_ROLES, 'read webhooks');
    const rows = this.db
      .selectFrom('webhook_endpoints')
      .select(PUBLIC_COLUMNS)
      .where('organization_id', '=', caller.organization_id)
      .where('deleted_at', 'is', null);
    return keysetPage(rows, query, toEndpointView);
  }

  /** Creates an endpoint; the answer holds its signing secret, shown this once. */
  @McpTool({
    name: 'kadu_webhook_endpoints_create',
    output: WebhookEndpointWithSecretView,
    title: 'Create a webhook endpoint',
    description:
      'Registers a URL that receives a signed POST when an event happens (execution.finished). The answer includes ' +
      'the signing secret, shown only now: verify Kadu-Signature (t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">) with it.',
    scopes: ['kadu:write'],
    roles: WEBHOOK_ROLES,
    annotations: { destructiveHint: true },
    // An endpoint receives the organization's events: only the person may send them somewhere new.
    confirmation: { requirePerson: true, describe: 'describeCreate' },
  })
  async create(@McpCaller() caller: McpCaller, @McpArgs() dto: CreateWebhookEndpointDto): Promise<WebhookEndpointWithSecretView> {
    assertRole(caller, WEBHOOK_ROLES, 'change webhooks');
    await this.urls.check(dto.url);
    return this.idempotency.run(
      caller,
      'kadu_webhook_endpoints_create',
      dto,
      async (trx) => {
        const now = new Date().toISOString();
        const secret = generateWebhookSecret();
        const row = {
          id: randomUUID(),
          organization_id: caller.organization_id,
          url: dto.url,
          description: dto.description ?? '',
          events: JSON.stringify(dto.events ?? ['execution.finished']),
          enabled: dto.enabled === false ? 0 : 1,
          secret_ciphertext: this.box.seal(secret),
          created_at: now,
          updated_at: now,
          deleted_at: null,
        };
        await trx.insertInto('webhook_endpoints').values(row).execute();
        return { ...toEndpointView(row), secret };
      },
      this.secretShown,
    );
  }

  /** Changes the fields sent. @throws NotFoundException when no such endpoint is in the caller's organization. */
  @McpTool({
    name: 'kadu_webhook_endpoints_update',
    output: WebhookEndpointView,
    title: 'Update a webhook endpoint',
    description: 'Changes the url, description, events or enabled flag of an endpoint; fields you omit stay as they are.',
    scopes: ['kadu:write'],
    roles: WEBHOOK_ROLES,
    annotations: { destructiveHint: true, idempotentHint: true },
    confirmation: { requirePerson: true, describe: 'describeUpdate' },
  })
  async update(@McpCaller() caller: McpCaller, @McpArgs() dto: UpdateWebhookEndpointDto): Promise<WebhookEndpointView> {
    assertRole(caller, WEBHOOK_ROLES, 'change webhooks');
    if (dto.url !== undefined) await this.urls.check(dto.url);
    return this.idempotency.run(caller, 'kadu_webhook_endpoints_update', dto, async (trx) => {
      const row = await findActiveEndpoint(trx, caller.organization_id, dto.id);
      const changes = {
        ...(dto.url !== undefined ? { url: dto.url } : {}),
        ...(dto.description !== undefined ? { description: dto.description } : {}),
        ...(dto.events !== undefined ? { events: JSON.stringify(dto.events) } : {}),
        ...(dto.enabled !== undefined ? { enabled: dto.enabled ? 1 : 0 } : {}),
        updated_at: new Date().toISOString(),
      };
      await trx.updateTable('webhook_endpoints').set(changes).where('organization_id', '=', caller.organization_id).where('id', '=', row.id).execute();
      return toEndpointView({ ...row, ...changes });
    });
  }

  /** Soft delete: deliveries already made stay listed; pending ones are dropped by the loop. */
  @McpTool({
    name: 'kadu_webhook_endpoints_delete',
    output: DeletedWebhookEndpointView,
    title: 'Delete a webhook endpoint',
    description: 'Deletes an endpoint: it receives nothing more. Its past deliveries stay listed.',
    scopes: ['kadu:write'],
    roles: WEBHOOK_ROLES,
    annotations: { destructiveHint: true },
    confirmation: { requirePerson: true, describe: 'describeDelete' },
  })
  async delete(@McpCaller() caller: McpCaller, @McpArgs() dto: WebhookWriteDto): Promise<DeletedWebhookEndpointView> {
    assertRole(caller, WEBHOOK_ROLES, 'change webhooks');
    return this.idempotency.run(caller, 'kadu_webhook_endpoints_delete', dto, async (trx) => {
      await findActiveEndpoint(trx, caller.organization_id, dto.id);
      const now = new Date().toISOString();
      await trx
        .updateTable('webhook_endpoints')
        .set({ deleted_at: now, updated_at: now })
        .where('organization_id', '=', caller.organization_id)
        .where('id', '=', dto.id)
        .execute();
      return { id: dto.id, deleted_at: now };
    });
  }

  /** A new secret replaces the old at once; the answer shows it this once. */
  @McpTool({
    name: 'kadu_webhook_endpoints_rotate_secret',
    output: WebhookEndpointWithSecretView,
    title: "Rotate a webhook endpoint's secret",
    description: 'Replaces the signing secret of an endpoint; the old one stops working at once. The answer shows the new secret, only now.',
    scopes: ['kadu:write'],
    roles: WEBHOOK_ROLES,
    annotations: { destructiveHint: true },
    confirmation: { requirePerson: true, describe: 'describeRotate' },
  })
  async rotateSecret(@McpCaller() caller: McpCaller, @McpArgs() dto: WebhookWriteDto): Promise<WebhookEndpointWithSecretView> {
    assertRole(caller, WEBHOOK_ROLES, 'change webhooks');
    return this.idempotency.run(
      caller,
      'kadu_webhook_endpoints_rotate_secret',
      dto,
      async (trx) => {
        const row = await findActiveEndpoint(trx, caller.organization_id, dto.id);
        const secret = generateWebhookSecret();
        const changes = { secret_ciphertext: this.box.seal(secret), updated_at: new Date().toISOString() };
        await trx.updateTable('webhook_endpoints').set(changes).where('organization_id', '=', caller.organization_id).where('id', '=', row.id).execute();
        return { ...toEndpointView({ ...row, ...changes }), secret };
      },
      this.secretShown,
    );
  }

  /** The URL and events of the endpoint to create, once the URL passes the same check as {@link create}. */
  async describeCreate(caller: McpCaller, dto: CreateWebhookEndpointDto): Promise<string> {
    assertRole(caller, WEBHOOK_ROLES, 'change webhooks');
    await this.urls.check(dto.url);
    return KaduConfirmationMessages.newEndpoint(shownWebhookUrl(dto.url), wordsList(dto.events ?? ['execution.finished']));
  }

  /** The endpoint by its URL, and the changes, for the person who approves. @throws as {@link update}. */
  async describeUpdate(caller: McpCaller, dto: UpdateWebhookEndpointDto): Promise<string> {
    if (await this.idempotency.replays(caller, 'kadu_webhook_endpoints_update', dto)) return KaduConfirmationMessages.replay();
    const endpoint = await this.describeEndpoint(caller, dto);
    if (dto.url !== undefined) await this.urls.check(dto.url);
    const changes = [
      ...(dto.url !== undefined ? [KaduConfirmationMessages.change('url', shownWebhookUrl(dto.url))] : []),
      ...(dto.description !== undefined ? [KaduConfirmationMessages.change('description', `"${dto.description}"`)] : []),
      ...(dto.events !== undefined ? [KaduConfirmationMessages.change('events', wordsList(dto.events))] : []),
      ...(dto.enabled !== undefined ? [KaduConfirmationMessages.change('enabled', String(dto.enabled))] : []),
    ];
    return KaduConfirmationMessages.endpointChanges(endpoint, changes.length > 0 ? changes.join('; ') : KaduConfirmationMessages.noChanges());
  }

  /** The endpoint to delete, by its URL. @throws as {@link describeEndpoint}. */
  async describeDelete(caller: McpCaller, dto: WebhookWriteDto): Promise<string> {
    if (await this.idempotency.replays(caller, 'kadu_webhook_endpoints_delete', dto)) return KaduConfirmationMessages.replay();
    return this.describeEndpoint(caller, dto);
  }

  /** The endpoint by its URL. @throws NotFoundException when no such endpoint is in the caller's organization. */
  private async describeEndpoint(caller: McpCaller, dto: WebhookWriteDto): Promise<string> {
    assertRole(caller, WEBHOOK_ROLES, 'change webhooks');
    return KaduConfirmationMessages.endpoint(shownWebhookUrl((await findActiveEndpoint(this.db, caller.organization_id, dto.id)).url));
  }

  /** Whose secret a rotation replaces. @throws as {@link describeEndpoint}. */
  async describeRotate(caller: McpCaller, dto: WebhookWriteDto): Promise<string> {
    if (await this.idempotency.replays(caller, 'kadu_webhook_endpoints_rotate_secret', dto)) return KaduConfirmationMessages.replay();
    return KaduConfirmationMessages.rotate(await this.describeEndpoint(caller, dto));
  }
}
