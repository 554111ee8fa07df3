import { NestApplicationOptions, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import { applyDeploymentSettings, STRICT_VALIDATION_OPTIONS } from '@kobana/host-kit';
import { BillingAppModule } from './billing-app.module';

/**
 * Creates Kobana Billing, not yet listening; `main.ts` and the tests start
 * here. The MCP module installs the body parsers (its default), so Billing
 * needs no parser code of its own.
 */
export async function createBillingApp(options: NestApplicationOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(BillingAppModule, { abortOnError: false, ...options });
  app.useGlobalPipes(new ValidationPipe(STRICT_VALIDATION_OPTIONS));
  app.disable('x-powered-by');
  // TRUST_PROXY and the keep-alive timeouts (docs/deployment.md).
  applyDeploymentSettings(app, app.get(ConfigService));
  return app;
}
