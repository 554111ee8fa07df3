import { Environment, readSetting } from '@kobana/host-kit';
import { BillingSettings } from './billing-config.interface';

/**
 * Reads Billing's own settings (the platform reads those every host shares,
 * with Billing's prefix only: Kadu's variables are not read, see `loadHostConfig`).
 */
export function readBillingSettings(env: Environment, problems: string[]): BillingSettings {
  return { BILLING_ALLOWED_ORIGINS: parseOrigins(readSetting(env, 'BILLING_ALLOWED_ORIGINS'), problems) };
}

/** Each entry must be an http(s) origin, or the word `localhost`; kept normalised (`URL.origin`). */
function parseOrigins(value: string | undefined, problems: string[]): string[] {
  if (value === undefined) return [];
  const origins: string[] = [];
  for (const entry of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    if (entry === 'localhost') {
      origins.push(entry);
      continue;
    }
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
      problems.push(`BILLING_ALLOWED_ORIGINS: "${entry}" is not an origin (scheme://host[:port]) or localhost`);
    } else {
      origins.push(url.origin);
    }
  }
  return origins;
}
