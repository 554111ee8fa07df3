// First: telemetry starts before the imports below load http, Express and pg.
import { billingTelemetry } from './bootstrap/billing.telemetry';
import { Logger } from '@nestjs/common';
import { HostLogger } from '@kobana/host-kit';
import { ConfigService } from '@nestjs/config';
import { billingShutdown } from './bootstrap/billing.shutdown';
import { describeDatabase, parseDatabaseUrl } from '@kobana/database';
import { createBillingApp } from './billing-app.setup';
import { seedBillingDemo } from './bootstrap/billing-demo.seeder';
import { renderBillingBanner } from './bootstrap/billing-startup.banner';
import { BillingConfig } from './config/billing-config.interface';
import { IdentityService } from '@kobana/identity';

/** Starts Kobana Billing: migrates, seeds the demo (unless `BILLING_DEMO=false`; by default only outside production), listens, prints where to connect. */
async function bootstrap(): Promise<void> {
  // Nest's own lines wait for the host's logger (JSON in production, start-up narration at debug).
  const app = await createBillingApp({ bufferLogs: true });
  app.useLogger(app.get(HostLogger));
  // SIGTERM and SIGINT: drained in the order a proxy needs (bootstrap/billing.shutdown.ts), not Nest's (database before the HTTP server).
  billingShutdown(app, billingTelemetry).listen();
  // Start-up checks (keys, above all) refuse before the demo seeding writes anything.
  await app.init();
  const config = app.get<ConfigService<BillingConfig, true>>(ConfigService);
  // In production the demo holds no credentials: none printed beside the JSON logs, none to leak (docs/security-model.md).
  const credentials = process.env.NODE_ENV !== 'production';
  const demo = config.get('BILLING_DEMO', { infer: true }) ? await seedBillingDemo(app.get(IdentityService), { credentials }) : null;
  const host = config.get('HOST', { infer: true });
  const port = config.get('PORT', { infer: true });
  await app.listen(port, host);
  process.stdout.write(
    renderBillingBanner({
      publicUrl: config.get('PUBLIC_URL', { infer: true }),
      listening: `${host}:${port}`,
      database: describeDatabase(parseDatabaseUrl(config.get('DATABASE_URL', { infer: true }))),
      demo,
    }),
  );
}

bootstrap().catch((error: unknown) => {
  // A failure while the application was being created leaves Nest's lines buffered for a logger never set: out they go.
  Logger.flush();
  const message = error instanceof Error ? error.message : String(error);
  new Logger('KobanaBilling').error(`Kobana Billing did not start: ${message.split('\n')[0]}`);
  process.exit(1);
});
