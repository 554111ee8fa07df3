// First: telemetry starts before the imports below load http, Express and pg.
import { kaduTelemetry } from './bootstrap/kadu.telemetry';
import { Logger } from '@nestjs/common';
import { HostLogger } from '@kobana/host-kit';
import { ConfigService } from '@nestjs/config';
import { kaduShutdown } from './bootstrap/kadu.shutdown';
import { createKaduApp } from './app.setup';
import { seedDemo } from './bootstrap/demo.seeder';
import { renderStartupBanner } from './bootstrap/startup.banner';
import { KaduConfig } from './config/kadu-config.interface';
import { describeDatabase, parseDatabaseUrl } from '@kobana/database';
import { IdentityService } from '@kobana/identity';

/**
 * Starts Kadu: migrates the database, seeds the demo organization (unless
 * `KADU_DEMO=false`; by default only outside production), listens on
 * `HOST:PORT`, and prints where to connect, with a working demo token
 * outside production.
 */
async function bootstrap(): Promise<void> {
  // Nest's own lines wait for the host's logger (JSON in production, start-up narration at debug).
  const app = await createKaduApp({ bufferLogs: true });
  app.useLogger(app.get(HostLogger));
  // SIGTERM and SIGINT: drained in the order a proxy needs (bootstrap/kadu.shutdown.ts), not Nest's (database before the HTTP server).
  kaduShutdown(app, kaduTelemetry).listen();
  // Start-up checks (keys, above all) refuse before the demo seeding writes anything.
  await app.init();
  const config = app.get<ConfigService<KaduConfig, true>>(ConfigService);
  // Seeded before listening, so the first request already finds the demo organization.
  // In production the demo holds no credentials: none printed beside the JSON logs, none to leak (docs/security-model.md).
  const credentials = process.env.NODE_ENV !== 'production';
  const demo = config.get('KADU_DEMO', { infer: true }) ? await seedDemo(app.get(IdentityService), { credentials }) : null;
  const host = config.get('HOST', { infer: true });
  const port = config.get('PORT', { infer: true });
  await app.listen(port, host);
  process.stdout.write(
    renderStartupBanner({
      publicUrl: config.get('PUBLIC_URL', { infer: true }),
      listening: `${host}:${port}`,
      database: describeDatabase(parseDatabaseUrl(config.get('DATABASE_URL', { infer: true }))),
      demo,
    }),
  );
}

bootstrap().catch((error: unknown) => {
  // Nest has already logged a failure inside the container in full; one line is enough to close on.
  // A failure while the application was being created leaves Nest's lines buffered for a logger never set: out they go.
  Logger.flush();
  const message = error instanceof Error ? error.message : String(error);
  new Logger('Kadu').error(`Kadu did not start: ${message.split('\n')[0]}`);
  process.exit(1);
});
