import { runHostMain } from '@kobana/platform/main';

/** Starts Kobana Billing (see `bootstrapHost`): telemetry first, then the application. */
void runHostMain('kobana-billing', async () => (await import('./billing.host')).BILLING);
