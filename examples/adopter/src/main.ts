import { runHostMain } from '@kobana/platform/main';

/** Starts the Notebook on `HOST:PORT` (127.0.0.1:3000 unless set): telemetry first, then the application (see `bootstrapHost`). */
void runHostMain('notebook', async () => (await import('./notebook.host')).NOTEBOOK);
