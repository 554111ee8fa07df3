import { ConfigModule, ConfigService } from '@nestjs/config';
import { ApiAuthGuard } from '@kobana/identity';
import { OpenApiModule } from '@kobana/openapi';
import { API_V1 } from '../app.constants';
import { KaduConfig } from '../config/kadu-config.interface';

/** `GET /api/v1/openapi.json`, and the page at `GET /api/docs` unless off (`KADU_OPENAPI_UI`): Kadu's REST API as OpenAPI 3.1 (docs/openapi.md). */
export const KaduOpenApiModule = OpenApiModule.forRootAsync({
  prefix: API_V1,
  imports: [ConfigModule],
  inject: [ConfigService],
  useFactory: (config: ConfigService<KaduConfig, true>) => ({
    info: { title: 'Kadu API', version: '1', description: "Kadu's REST API: the same services, arguments and answers as its MCP tools." },
    servers: [{ url: config.get('PUBLIC_URL', { infer: true }) }],
    bearerGuards: [ApiAuthGuard],
    bearerDescription: 'A Kadu API token (kadu_api_…), minted with `npm run cli -- token create --audience api`.',
    errors: [503],
    ui: config.get('KADU_OPENAPI_UI', { infer: true }),
  }),
});
