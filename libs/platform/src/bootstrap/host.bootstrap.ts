import { Logger } from '@nestjs/common';
import { describeDatabase, parseDatabaseUrl } from '@kobana/database';
import { HostLogger } from '@kobana/host-kit';
import type { TelemetryHandle } from '@kobana/host-kit/telemetry';
import { IdentityService } from '@kobana/identity';
import type { HostSettings } from '../config/host-settings.interface';
import { HOST_SETTINGS } from '../host.constants';
import type { HostDescriptor } from '../host-descriptor.interface';
import { HostMessages } from '../host.messages';
import { createHostApp } from './host-app.factory';
import { renderHostBanner } from './host-banner.view';
import { hostShutdown } from './host-shutdown.bootstrap';

/**
 * Starts `host`: migrates the database, seeds the demo organization (unless
 * `<PREFIX>DEMO=false`; by default only outside production), listens on
 * `HOST:PORT`, and prints where to connect, with working demo credentials
 * outside production. Exits 1 with one line when it cannot start.
 */
export async function bootstrapHost(host: HostDescriptor, telemetry: TelemetryHandle): Promise<void> {
  try {
    // Nest's own lines wait for the host's logger (JSON in production, start-up narration at debug).
    const app = await createHostApp(host, { bufferLogs: true });
    app.useLogger(app.get(HostLogger));
    hostShutdown(host, app, telemetry).listen();
    // Start-up checks (keys, above all) refuse before the demo seeding writes anything.
    await app.init();
    const settings = app.get<HostSettings>(HOST_SETTINGS);
    // Seeded before listening, so the first request already finds the demo organization.
    // In production the demo holds no credentials: none printed beside the JSON logs, none to leak (docs/security-model.md).
    const credentials = process.env.NODE_ENV !== 'production';
    const demo = settings.demo ? await host.demo.seed(app.get(IdentityService), { credentials }) : null;
    await app.listen(settings.PORT, settings.HOST);
    const database = describeDatabase(parseDatabaseUrl(settings.DATABASE_URL));
    process.stdout.write(renderHostBanner(host, { publicUrl: settings.PUBLIC_URL, listening: `${settings.HOST}:${settings.PORT}`, database, demo }));
  } catch (error) {
    // Nest has already logged a failure inside the container in full; one line is enough to close on.
    // A failure while the application was being created leaves Nest's lines buffered for a logger never set: out they go.
    Logger.flush();
    const message = error instanceof Error ? error.message : String(error);
    new Logger(host.title.replace(/\s+/g, '')).error(HostMessages.didNotStart(host.title, message));
    process.exit(1);
  }
}
