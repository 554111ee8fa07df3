import { NestApplicationOptions, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import { applyDeploymentSettings, STRICT_VALIDATION_OPTIONS } from '@kobana/host-kit';
import type { HostDescriptor } from '../host-descriptor.interface';
import { PlatformModule } from '../platform.module';

/**
 * Creates the application of `host` with its global setup, not yet
 * listening. `main` and the test helpers both start here, so tests run the
 * application users run.
 *
 * `abortOnError: false` turns a start-up failure (bad configuration, a
 * failed migration) into a rejected promise instead of `process.abort()`.
 * `bodyParser: false`: the MCP module installs the body parsers (1 MiB,
 * depth-checked, the MCP path and the host's unparsed paths left unread).
 */
export async function createHostApp(host: HostDescriptor, options: NestApplicationOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(PlatformModule.forHost(host), { abortOnError: false, bodyParser: false, ...options });
  app.useGlobalPipes(new ValidationPipe(STRICT_VALIDATION_OPTIONS));
  // No reason to advertise the framework to scanners.
  app.disable('x-powered-by');
  // TRUST_PROXY and the keep-alive timeouts (docs/deployment.md).
  applyDeploymentSettings(app, app.get(ConfigService));
  return app;
}
