import { loadKaduConfig } from '../../../src/config/kadu-config.loader';
import { BillingConfig } from './billing-config.interface';

/** Billing's own default database file, beside Kadu's under `./data`. */
export const BILLING_DEFAULT_DATABASE_URL = 'sqlite:./data/billing.sqlite';

type Env = Record<string, string | undefined>;

/**
 * Resolves {@link BillingConfig}. The variables Billing shares with Kadu go
 * through Kadu's loader (and only they: Kadu's own variables are not read),
 * so both hosts accept and refuse exactly the same values.
 *
 * @throws Error listing every invalid variable.
 */
export function loadBillingConfig(env: Env): BillingConfig {
  const problems: string[] = [];
  const text = (name: string): string | undefined => env[name]?.trim() || undefined;
  let shared: Pick<BillingConfig, 'PORT' | 'HOST' | 'PUBLIC_URL' | 'DATABASE_URL'> | undefined;
  try {
    const kadu = loadKaduConfig({
      PORT: text('PORT'),
      HOST: text('HOST'),
      PUBLIC_URL: text('PUBLIC_URL'),
      DATABASE_URL: text('DATABASE_URL') ?? BILLING_DEFAULT_DATABASE_URL,
    });
    shared = { PORT: kadu.PORT, HOST: kadu.HOST, PUBLIC_URL: kadu.PUBLIC_URL, DATABASE_URL: kadu.DATABASE_URL };
  } catch (error) {
    problems.push(...(error as Error).message.split('\n  - ').slice(1));
  }
  const origins = parseOrigins(text('BILLING_ALLOWED_ORIGINS'), problems);
  const demo = parseBoolean(text('BILLING_DEMO'), problems);
  if (problems.length > 0 || !shared) throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return { ...shared, BILLING_ALLOWED_ORIGINS: origins, BILLING_DEMO: demo };
}

/** Each entry must be an http(s) origin, or the word `localhost`; kept normalised (`URL.origin`). */
function parseOrigins(value: string | undefined, problems: string[]): string[] {
  if (value === undefined) return [];
  const origins: string[] = [];
  for (const entry of value.split(',').map((item) => item.trim()).filter(Boolean)) {
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

function parseBoolean(value: string | undefined, problems: string[]): boolean {
  if (value === undefined || /^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  problems.push(`BILLING_DEMO must be true or false (got "${value}")`);
  return true;
}
