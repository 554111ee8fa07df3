import { Controller, Get, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { API_V1 } from '../app.constants';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { OrganizationView } from './organization.view';
import { OrganizationsService } from './organizations.service';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/organization`: the caller's own organization (there is no other to choose). */
@Controller(`${API_V1}/organization`)
@UseGuards(ApiAuthGuard)
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  /** `GET /api/v1/organization`: the same JSON as the tool `kadu_organization_get`. */
  @Get()
  @OpenApiRoute({ tool: 'kadu_organization_get' })
  get(@CurrentCaller() caller: McpCaller): Promise<OrganizationView> {
    return this.organizations.get(caller);
  }
}
