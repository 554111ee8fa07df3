import { runHostMain } from '@kobana/platform/main';

/** Starts Kadu (see `bootstrapHost`): telemetry first, then the application. */
void runHostMain('kadu', async () => (await import('./kadu.host')).KADU);
