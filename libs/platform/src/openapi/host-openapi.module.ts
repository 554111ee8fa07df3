import { DynamicModule } from '@nestjs/common';
import { ApiAuthGuard } from '@kobana/identity';
import { OpenApiModule } from '@kobana/openapi';
import { HOST_SETTINGS } from '../host.constants';
import type { HostDescriptor } from '../host-descriptor.interface';
import type { HostSettings } from '../config/host-settings.interface';

/** The prefix of every host's REST API, as its controllers name it. */
export const HOST_API_PREFIX = 'api/v1';

/**
 * `GET /api/v1/openapi.json`, and the page at `GET /api/docs` unless
 * `<PREFIX>OPENAPI_UI` turns it off: the host's REST API as OpenAPI 3.1
 * (docs/openapi.md), its tokens named from the descriptor.
 */
export function hostOpenApi(host: HostDescriptor): DynamicModule {
  return OpenApiModule.forRootAsync({
    prefix: HOST_API_PREFIX,
    inject: [HOST_SETTINGS],
    useFactory: (settings: HostSettings) => ({
      info: { title: `${host.title} API`, version: '1', description: host.openApi?.description },
      servers: [{ url: settings.PUBLIC_URL }],
      bearerGuards: [ApiAuthGuard],
      bearerDescription: `A ${host.title} API token (${host.tokenPrefix}_api_…), minted with \`${host.cli.command} token create --audience api\`.`,
      // Every route answers 503 while the database is unreachable (DatabaseUnavailableFilter).
      errors: [503],
      ui: settings.openApiUi,
    }),
  });
}
