import { ConfigurableModuleBuilder } from '@nestjs/common';
import { OpenApiModuleExtras, OpenApiModuleOptions } from './interfaces/openapi-module-options.interface';
import { createOpenApiController } from './openapi.controller';
import { createOpenApiPageController } from './page/openapi-page.controller';
import { OPENAPI_MODULE_OPTIONS, OPENAPI_PREFIX, OPENAPI_UI_PATH } from './openapi.constants';

/**
 * `forRoot` / `forRootAsync` from Nest's builder. The prefix is an extra,
 * not an async option: the document's route is declared with the module.
 */
export const {
  ConfigurableModuleClass: OpenApiConfigurableModuleClass,
  OPTIONS_TYPE: OPENAPI_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: OPENAPI_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<OpenApiModuleOptions>({ optionsInjectionToken: OPENAPI_MODULE_OPTIONS })
  .setClassMethodName('forRoot')
  .setExtras<OpenApiModuleExtras>({ prefix: 'api/v1', uiPath: 'api/docs' }, (definition, extras) => {
    const prefix = trimSlashes(extras.prefix);
    const uiPath = trimSlashes(extras.uiPath ?? 'api/docs');
    return {
      ...definition,
      controllers: [...(definition.controllers ?? []), createOpenApiController(prefix), createOpenApiPageController(uiPath)],
      providers: [...(definition.providers ?? []), { provide: OPENAPI_PREFIX, useValue: prefix }, { provide: OPENAPI_UI_PATH, useValue: uiPath }],
    };
  })
  .build();

function trimSlashes(path: string): string {
  return path.trim().replace(/^\/+|\/+$/g, '');
}
