import { Environment } from '@kobana/host-kit';
import { defaultDatabaseUrl, loadHostConfig } from '@kobana/platform';
import { BILLING } from '../billing.host';

const loadBillingConfig = (env: Environment) => loadHostConfig(BILLING, env);
const BILLING_DEFAULT_DATABASE_URL = defaultDatabaseUrl(BILLING);

describe('loadBillingConfig', () => {
  it('applies Kadu’s conventions with Billing’s own database file', () => {
    expect(loadBillingConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: 'sqlite:./data/billing.sqlite',
      TRUST_PROXY: false,
      DATABASE_STARTUP_TIMEOUT_MS: 60_000,
      DATABASE_ACQUIRE_TIMEOUT_MS: 5000,
      DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
      DATABASE_BUSY_TIMEOUT_MS: 5000,
      SHUTDOWN_GRACE_MS: 10_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000,
      HTTP_HEADERS_TIMEOUT_MS: 66_000,
      READINESS_TIMEOUT_MS: 1000,
      WORKER_STALE_AFTER_MS: 60_000,
      BILLING_ALLOWED_ORIGINS: [],
      BILLING_DEMO: true,
      BILLING_OPENAPI_UI: true,
      BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: false,
      BILLING_OAUTH_CLIENT_METADATA_CA_FILE: undefined,
      BILLING_AUDIT_RETENTION_DAYS: 90,
      BILLING_AUDIT_MAX_PENDING: 10_000,
    });
    expect(BILLING_DEFAULT_DATABASE_URL).toBe('sqlite:./data/billing.sqlite');
  });

  it('serves no API page with NODE_ENV=production unless BILLING_OPENAPI_UI asks for it', () => {
    expect(loadBillingConfig({ NODE_ENV: 'production' }).BILLING_OPENAPI_UI).toBe(false);
    expect(loadBillingConfig({ NODE_ENV: 'production', BILLING_OPENAPI_UI: 'true' }).BILLING_OPENAPI_UI).toBe(true);
  });

  it('seeds no demo with NODE_ENV=production unless BILLING_DEMO asks for it', () => {
    expect(loadBillingConfig({ NODE_ENV: 'production' }).BILLING_DEMO).toBe(false);
    expect(loadBillingConfig({ NODE_ENV: 'production', BILLING_DEMO: 'true' }).BILLING_DEMO).toBe(true);
  });

  it('reads the allowlist, normalised, and ignores Kadu’s own variables', () => {
    const config = loadBillingConfig({
      PORT: '8081',
      BILLING_ALLOWED_ORIGINS: 'https://panel.kobana.com.br, localhost,http://app.test:8080',
      KADU_WEBHOOK_MAX_ATTEMPTS: 'nonsense',
    });
    expect(config.PUBLIC_URL).toBe('http://localhost:8081');
    expect(config.BILLING_ALLOWED_ORIGINS).toEqual(['https://panel.kobana.com.br', 'localhost', 'http://app.test:8080']);
  });

  it('reads the client metadata settings, with Billing’s prefix only, and refuses nonsense', () => {
    expect(
      loadBillingConfig({ BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'true', BILLING_OAUTH_CLIENT_METADATA_CA_FILE: '/etc/billing/ca.pem' }),
    ).toMatchObject({ BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: true, BILLING_OAUTH_CLIENT_METADATA_CA_FILE: '/etc/billing/ca.pem' });
    expect(loadBillingConfig({ KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'true' }).BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK).toBe(false);
    expect(() => loadBillingConfig({ BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'maybe' })).toThrow(
      'BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK must be true or false',
    );
  });

  it('reports every invalid variable at once', () => {
    expect(() => loadBillingConfig({ PORT: 'x', BILLING_ALLOWED_ORIGINS: 'https://a.test/path', BILLING_DEMO: 'maybe' })).toThrow(
      /PORT must be an integer[\s\S]*"https:\/\/a.test\/path" is not an origin[\s\S]*BILLING_DEMO must be true or false/,
    );
  });
});
