import type { HostConfig } from '@kobana/platform';

/** Billing's own settings, besides those every host shares. */
export interface BillingSettings {
  /**
   * Browser origins allowed to call the MCP endpoint besides `PUBLIC_URL`
   * itself: a comma-separated list of `scheme://host[:port]`; `localhost`
   * allows loopback on any port. `BILLING_ALLOWED_ORIGINS`, @default none
   */
  BILLING_ALLOWED_ORIGINS: string[];
}

/**
 * Kobana Billing's configuration, resolved once from the environment (see
 * `loadHostConfig`): the settings every host shares, with Billing's prefix
 * and its own default database file, and its own.
 */
export type BillingConfig = HostConfig<'BILLING_'> & BillingSettings;
