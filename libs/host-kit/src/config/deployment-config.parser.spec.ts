import { readDeploymentConfig } from './deployment-config.parser';

describe('readDeploymentConfig', () => {
  const read = (env: Record<string, string>) => {
    const problems: string[] = [];
    return { config: readDeploymentConfig(env, problems), problems };
  };

  it('defaults: no proxy trusted, 10 s of grace, keep-alive over nginx’s 60 s, readiness within 1 s, workers stale after a minute', () => {
    expect(read({})).toEqual({
      config: {
        TRUST_PROXY: false,
        SHUTDOWN_GRACE_MS: 10_000,
        HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000,
        HTTP_HEADERS_TIMEOUT_MS: 66_000,
        READINESS_TIMEOUT_MS: 1000,
        WORKER_STALE_AFTER_MS: 60_000,
      },
      problems: [],
    });
  });

  it('takes explicit values; the headers timeout follows the keep-alive one unless set', () => {
    expect(
      read({
        TRUST_PROXY: 'loopback',
        SHUTDOWN_GRACE_MS: '30000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '75000',
        READINESS_TIMEOUT_MS: '500',
        WORKER_STALE_AFTER_MS: '5000',
      }).config,
    ).toEqual({
      TRUST_PROXY: ['loopback'],
      SHUTDOWN_GRACE_MS: 30_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 75_000,
      HTTP_HEADERS_TIMEOUT_MS: 76_000,
      READINESS_TIMEOUT_MS: 500,
      WORKER_STALE_AFTER_MS: 5000,
    });
  });

  it('names each invalid setting', () => {
    expect(
      read({
        TRUST_PROXY: 'proxy',
        SHUTDOWN_GRACE_MS: 'soon',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '70000',
        HTTP_HEADERS_TIMEOUT_MS: '60000',
        READINESS_TIMEOUT_MS: '0',
        WORKER_STALE_AFTER_MS: 'never',
      }).problems,
    ).toEqual([
      expect.stringMatching(/^TRUST_PROXY: "proxy" is not/),
      'SHUTDOWN_GRACE_MS must be an integer of at least 100 (got "soon")',
      'HTTP_HEADERS_TIMEOUT_MS (60000) must be greater than HTTP_KEEP_ALIVE_TIMEOUT_MS (70000)',
      'READINESS_TIMEOUT_MS must be an integer of at least 50 (got "0")',
      'WORKER_STALE_AFTER_MS must be an integer of at least 100 (got "never")',
    ]);
  });
});
