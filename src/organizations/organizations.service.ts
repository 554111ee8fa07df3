import { Injectable, NotFoundException } from '@nestjs/common';
import { Kysely } from 'kysely';
import { McpCaller, McpTool } from '@kobana/mcp';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { monthlyUsage } from './organization-usage.store';
import { OrganizationView } from './organization.view';
import { DEFAULT_PLAN, isPlanName, PLANS } from './plan-catalog.constants';

/**
 * The caller's organization. Served by `GET /api/v1/organization` and, with
 * the same code and caller shape, by the MCP tool `kadu_organization_get`.
 */
@Injectable()
export class OrganizationsService {
  constructor(@InjectDatabase() private readonly db: Kysely<KaduDatabase>) {}

  /**
   * The organization the caller's token belongs to, with its plan limits and
   * this month's usage.
   * @throws NotFoundException when the organization was deleted after the token was issued.
   */
  @McpTool({
    name: 'kadu_organization_get',
    output: OrganizationView,
    title: 'Get organization',
    description:
      "Returns the organization your access token belongs to: its id, slug and name, the plan's limits " +
      '(monthly execution quota, cost ceiling per execution in cents) and usage in the current month (UTC).',
    scopes: ['kadu:read'],
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  async get(@McpCaller() caller: McpCaller): Promise<OrganizationView> {
    const organization = await this.db
      .selectFrom('organizations')
      .select(['id', 'slug', 'name', 'plan'])
      .where('id', '=', caller.organization_id)
      .executeTakeFirst();
    if (!organization) throw new NotFoundException('Organization not found');
    // An organization on a plan this release no longer sells keeps working on the default limits.
    const planName = isPlanName(organization.plan) ? organization.plan : DEFAULT_PLAN;
    return {
      id: organization.id,
      slug: organization.slug,
      name: organization.name,
      plan: { name: planName, ...PLANS[planName] },
      usage: await monthlyUsage(this.db, organization.id, new Date()),
    };
  }
}
