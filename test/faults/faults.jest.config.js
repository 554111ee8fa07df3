/**
 * The fault suite's own jest configuration (`npm run test:faults`): the
 * e2e project's settings, matching only `test/faults/*.faults-spec.ts`, which
 * the default projects of jest.config.js never match.
 */
const { projects } = require('../../jest.config.js');
const e2e = projects.find((project) => project.displayName === 'e2e');

module.exports = {
  ...e2e,
  rootDir: '../..',
  displayName: 'faults',
  testMatch: ['<rootDir>/test/faults/**/*.faults-spec.ts'],
  testTimeout: 180000,
};
