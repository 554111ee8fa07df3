/**
 * Two projects: unit specs live beside the code they test; e2e specs under
 * test/ start the real application on loopback and drive it over HTTP.
 * SWC compiles both (with decorator metadata, which class-validator needs).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@kobana/approvals$': '<rootDir>/libs/approvals/src',
    '^@kobana/audit$': '<rootDir>/libs/audit/src',
    '^@kobana/database$': '<rootDir>/libs/database/src',
    '^@kobana/host-kit$': '<rootDir>/libs/host-kit/src',
    '^@kobana/host-kit/telemetry$': '<rootDir>/libs/host-kit/src/telemetry',
    '^@kobana/host-kit/cli$': '<rootDir>/libs/host-kit/src/cli',
    '^@kobana/idempotency$': '<rootDir>/libs/idempotency/src',
    '^@kobana/mcp-tasks$': '<rootDir>/libs/mcp-tasks/src',
    '^@kobana/identity$': '<rootDir>/libs/identity/src',
    '^@kobana/mcp$': '<rootDir>/libs/mcp/src',
    '^@kobana/mcp/testing$': '<rootDir>/libs/mcp/src/testing',
    '^@kobana/oauth$': '<rootDir>/libs/oauth/src',
    '^@kobana/oauth/cli$': '<rootDir>/libs/oauth/src/cli',
    '^@kobana/openapi$': '<rootDir>/libs/openapi/src',
    '^@kobana/openapi/testing$': '<rootDir>/libs/openapi/src/testing',
    '^@kobana/outbound$': '<rootDir>/libs/outbound/src',
    '^@kobana/pages$': '<rootDir>/libs/pages/src',
    '^@kobana/people$': '<rootDir>/libs/people/src',
    '^@kobana/platform$': '<rootDir>/libs/platform/src',
    '^@kobana/platform/main$': '<rootDir>/libs/platform/src/main',
    '^@kobana/platform/cli$': '<rootDir>/libs/platform/src/cli',
  },
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{libs,src,apps}/**/*.spec.ts'] },
    // The bench smoke needs the harness's own packages installed before jest resolves anything.
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'], globalSetup: '<rootDir>/test/bench/bench-deps.global-setup.js' },
    { ...common, displayName: 'architecture', testMatch: ['<rootDir>/test/architecture/**/*.spec.ts'] },
  ],
  testTimeout: 30000,
  // Nest 12's ES modules, loaded through jest's vm modules, stay in memory after their spec file:
  // one process running every file in turn ran out of heap. Runs of many files use one worker at a
  // time (--maxWorkers=1, as `npm test` does) instead of --runInBand, and jest replaces the worker
  // once a file leaves it above this.
  workerIdleMemoryLimit: '1GB',
};
