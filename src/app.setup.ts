import { NestApplicationOptions, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { ConfigService } from '@nestjs/config';
import { applyDeploymentSettings, STRICT_VALIDATION_OPTIONS } from '@kobana/host-kit';

/**
 * Creates Kadu with its global setup, not yet listening. `main.ts` and the
 * test helper both start here, so tests run the application users run.
 *
 * `abortOnError: false` turns a start-up failure (bad configuration, a
 * failed migration) into a rejected promise instead of `process.abort()`, so
 * `main.ts` can print it and a test can report it.
 */
export async function createKaduApp(options: NestApplicationOptions = {}): Promise<NestExpressApplication> {
  // The MCP module installs the body parsers (1 MiB, depth-checked, the MCP path and presigned uploads left unread).
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { abortOnError: false, bodyParser: false, ...options });
  return configureKaduApp(app);
}

/** The global setup shared by every way of starting Kadu. */
export function configureKaduApp(app: NestExpressApplication): NestExpressApplication {
  app.useGlobalPipes(new ValidationPipe(STRICT_VALIDATION_OPTIONS));
  // No reason to advertise the framework to scanners.
  app.disable('x-powered-by');
  // TRUST_PROXY and the keep-alive timeouts (docs/deployment.md).
  applyDeploymentSettings(app, app.get(ConfigService));
  return app;
}
