import { ConfigModule, ConfigService } from '@nestjs/config';
import { ApiAuthGuard } from '@kobana/identity';
import { OpenApiModule } from '@kobana/openapi';
import { BILLING_API_V1 } from '../billing.constants';
import { BillingConfig } from '../config/billing-config.interface';

/** `GET /api/v1/openapi.json`, and the page at `GET /api/docs` unless off (`BILLING_OPENAPI_UI`): Billing's REST API as OpenAPI 3.1 (docs/openapi.md). */
export const BillingOpenApiModule = OpenApiModule.forRootAsync({
  prefix: BILLING_API_V1,
  imports: [ConfigModule],
  inject: [ConfigService],
  useFactory: (config: ConfigService<BillingConfig, true>) => ({
    info: { title: 'Kobana Billing API', version: '1', description: "Billing's REST API: the same services, arguments and answers as its MCP tools." },
    servers: [{ url: config.get('PUBLIC_URL', { infer: true }) }],
    bearerGuards: [ApiAuthGuard],
    bearerDescription: 'A Billing API token (kbill_api_…), minted with `npm run cli:billing -- token create --audience api`.',
    errors: [503],
    ui: config.get('BILLING_OPENAPI_UI', { infer: true }),
  }),
});
