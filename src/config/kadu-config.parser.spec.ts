import { resolve } from 'node:path';
import { Environment } from '@kobana/host-kit';
import { defaultDatabaseUrl, loadHostConfig } from '@kobana/platform';
import { KADU } from '../kadu.host';

const loadKaduConfig = (env: Environment) => loadHostConfig(KADU, env);
const DEFAULT_DATABASE_URL = defaultDatabaseUrl(KADU);

describe('loadKaduConfig', () => {
  it('applies the defaults to an empty environment', () => {
    expect(loadKaduConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: DEFAULT_DATABASE_URL,
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
      KADU_SIGNING_SECRET: undefined,
      KADU_DEMO: true,
      KADU_OPENAPI_UI: true,
      KADU_ENCRYPTION_KEY: undefined,
      KADU_FILES_DIR: resolve('data', 'files'),
      KADU_FILES_MAX_BYTES: 10 * 1024 * 1024,
      KADU_WEBHOOKS_ALLOW_PRIVATE: false,
      KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: false,
      KADU_OAUTH_CLIENT_METADATA_CA_FILE: undefined,
      KADU_WEBHOOK_MAX_ATTEMPTS: 5,
      KADU_WEBHOOK_BACKOFF_MS: 30_000,
      KADU_WEBHOOK_POLL_MS: 1000,
      KADU_EXECUTION_POLL_MS: 500,
      KADU_EXECUTION_LEASE_MS: 60_000,
      KADU_EXECUTION_HANDBACK_MS: 5000,
      KADU_AUDIT_RETENTION_DAYS: 90,
      KADU_AUDIT_MAX_PENDING: 10_000,
    });
    expect(DEFAULT_DATABASE_URL).toBe('sqlite:./data/kadu.sqlite');
  });

  it('derives PUBLIC_URL from PORT when it is not set', () => {
    expect(loadKaduConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('treats blank variables as unset', () => {
    expect(loadKaduConfig({ PORT: ' ', HOST: '', PUBLIC_URL: '' })).toMatchObject({ PORT: 3000, HOST: '127.0.0.1' });
  });

  it('takes explicit values and normalises PUBLIC_URL to an origin', () => {
    const config = loadKaduConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://kadu.example.com/',
      DATABASE_URL: 'sqlite::memory:',
      KADU_SIGNING_SECRET: 'x'.repeat(32),
      KADU_DEMO: 'false',
    });
    expect(config).toMatchObject({
      PORT: 0,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://kadu.example.com',
      DATABASE_URL: 'sqlite::memory:',
      KADU_SIGNING_SECRET: 'x'.repeat(32),
      KADU_DEMO: false,
    });
  });

  it('serves no API page with NODE_ENV=production unless KADU_OPENAPI_UI asks for it', () => {
    expect(loadKaduConfig({ NODE_ENV: 'production' }).KADU_OPENAPI_UI).toBe(false);
    expect(loadKaduConfig({ NODE_ENV: 'production', KADU_OPENAPI_UI: 'true' }).KADU_OPENAPI_UI).toBe(true);
    expect(loadKaduConfig({ KADU_OPENAPI_UI: 'false' }).KADU_OPENAPI_UI).toBe(false);
    expect(() => loadKaduConfig({ KADU_OPENAPI_UI: 'maybe' })).toThrow('KADU_OPENAPI_UI must be true or false');
  });

  it('seeds no demo with NODE_ENV=production unless KADU_DEMO asks for it', () => {
    expect(loadKaduConfig({ NODE_ENV: 'production' }).KADU_DEMO).toBe(false);
    expect(loadKaduConfig({ NODE_ENV: 'production', KADU_DEMO: 'true' }).KADU_DEMO).toBe(true);
    expect(loadKaduConfig({ NODE_ENV: 'development' }).KADU_DEMO).toBe(true);
  });

  it('keeps files beside the database unless KADU_FILES_DIR says otherwise', () => {
    expect(loadKaduConfig({ DATABASE_URL: 'sqlite:/srv/kadu/kadu.sqlite' }).KADU_FILES_DIR).toBe('/srv/kadu/files');
    expect(loadKaduConfig({ KADU_FILES_DIR: '/var/kadu-files' }).KADU_FILES_DIR).toBe('/var/kadu-files');
  });

  it('reads the webhook settings and refuses nonsense', () => {
    expect(loadKaduConfig({ KADU_WEBHOOKS_ALLOW_PRIVATE: 'true', KADU_WEBHOOK_MAX_ATTEMPTS: '3', KADU_WEBHOOK_BACKOFF_MS: '200' })).toMatchObject({
      KADU_WEBHOOKS_ALLOW_PRIVATE: true,
      KADU_WEBHOOK_MAX_ATTEMPTS: 3,
      KADU_WEBHOOK_BACKOFF_MS: 200,
    });
    expect(() => loadKaduConfig({ KADU_WEBHOOK_MAX_ATTEMPTS: '0' })).toThrow(/KADU_WEBHOOK_MAX_ATTEMPTS/);
    expect(() => loadKaduConfig({ KADU_FILES_MAX_BYTES: '10MB' })).toThrow(/KADU_FILES_MAX_BYTES/);
  });

  it('reads the client metadata settings and refuses nonsense', () => {
    expect(loadKaduConfig({ KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'true', KADU_OAUTH_CLIENT_METADATA_CA_FILE: '/etc/kadu/ca.pem' })).toMatchObject({
      KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: true,
      KADU_OAUTH_CLIENT_METADATA_CA_FILE: '/etc/kadu/ca.pem',
    });
    expect(() => loadKaduConfig({ KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'yes please' })).toThrow(
      'KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK must be true or false',
    );
  });

  it('reads the execution worker settings and refuses nonsense', () => {
    expect(loadKaduConfig({ KADU_EXECUTION_POLL_MS: '0', KADU_EXECUTION_LEASE_MS: '2000', KADU_EXECUTION_HANDBACK_MS: '150' })).toMatchObject({
      KADU_EXECUTION_POLL_MS: 0,
      KADU_EXECUTION_LEASE_MS: 2000,
      KADU_EXECUTION_HANDBACK_MS: 150,
    });
    expect(() => loadKaduConfig({ KADU_EXECUTION_POLL_MS: '-1' })).toThrow('KADU_EXECUTION_POLL_MS must be an integer of at least 0 (got "-1")');
    expect(() => loadKaduConfig({ KADU_EXECUTION_LEASE_MS: '999' })).toThrow('KADU_EXECUTION_LEASE_MS must be an integer of at least 1000 (got "999")');
    expect(() => loadKaduConfig({ KADU_EXECUTION_HANDBACK_MS: '1s' })).toThrow('KADU_EXECUTION_HANDBACK_MS must be an integer of at least 0 (got "1s")');
  });

  it('accepts file: database URLs', () => {
    expect(loadKaduConfig({ DATABASE_URL: `file:${resolve('x.db')}` }).DATABASE_URL).toBe(`file:${resolve('x.db')}`);
  });

  it('reports every invalid variable at once, without echoing a secret', () => {
    let message = '';
    try {
      loadKaduConfig({
        PORT: 'http',
        PUBLIC_URL: 'https://kadu.example.com/base',
        DATABASE_URL: 'mysql://db',
        KADU_SIGNING_SECRET: 'too-short-secret',
        KADU_DEMO: 'maybe',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PORT must be an integer');
    expect(message).toContain('PUBLIC_URL must be an origin');
    expect(message).toContain('DATABASE_URL must be');
    expect(message).toContain('KADU_SIGNING_SECRET must be at least 32 characters');
    expect(message).toContain('KADU_DEMO must be true or false');
    expect(message).not.toContain('too-short-secret');
  });

  it.each(['65536', '-1', '3.5'])('refuses PORT=%s', (port) => {
    expect(() => loadKaduConfig({ PORT: port })).toThrow(/PORT/);
  });

  it.each(['localhost:3000', 'ftp://kadu.example.com'])('refuses PUBLIC_URL=%s', (url) => {
    expect(() => loadKaduConfig({ PUBLIC_URL: url })).toThrow(/PUBLIC_URL/);
  });
});
