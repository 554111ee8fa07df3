import { ConfigurationError } from './configuration.error';
import { readServerConfig } from './server-config.parser';

describe('readServerConfig', () => {
  it('applies the defaults, with the host’s own database', () => {
    const problems: string[] = [];
    expect(readServerConfig({}, 'sqlite:./data/host.sqlite', problems)).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: 'sqlite:./data/host.sqlite',
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
    });
    expect(problems).toEqual([]);
  });

  it('adds every problem to the host’s list, in a fixed order, for one ConfigurationError', () => {
    const problems = ['HOST_OWN must be set'];
    readServerConfig({ DATABASE_URL: 'mysql://db', PUBLIC_URL: 'https://host.test/path', PORT: 'x' }, 'sqlite::memory:', problems);
    expect(problems).toEqual([
      'HOST_OWN must be set',
      'PORT must be an integer from 0 to 65535 (got "x")',
      'PUBLIC_URL must be an origin, without path, query or fragment (got "https://host.test/path")',
      expect.stringMatching(/^DATABASE_URL must be/),
    ]);
    const error = new ConfigurationError(problems);
    expect(error.problems).toBe(problems);
    expect(error.message).toBe(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  });
});
