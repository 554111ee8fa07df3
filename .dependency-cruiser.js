/**
 * Architecture rules, checked by `npm run lint:deps` (part of `npm test`).
 *
 * Every rule is written by path pattern, not by file name, so it keeps
 * holding as code moves into new libraries: any folder `libs/<name>` is a
 * library whose only door is `libs/<name>/src/index.ts` (reached as
 * `@kobana/<name>` through the tsconfig `paths`), and any folder
 * `apps/<name>` is an application that shares nothing with another one.
 * Paths are those of the resolved files, so an alias import and a relative
 * import of the same file are judged alike.
 *
 * test/architecture/boundaries.spec.ts builds one small tree per rule that
 * breaks it and checks that this file reports it.
 */

/** Extra public entry points besides `libs/<name>/src/index.ts`. */
const SECONDARY_ENTRY_POINTS = [
  '^libs/mcp/src/testing/index\\.ts$',
  '^libs/openapi/src/testing/index\\.ts$',
  '^libs/host-kit/src/telemetry/index\\.ts$',
  '^libs/platform/src/main/index\\.ts$',
  '^libs/platform/src/cli/index\\.ts$',
  '^libs/host-kit/src/cli/index\\.ts$',
  '^libs/oauth/src/cli/index\\.ts$',
];
const ENTRY_POINTS = ['^libs/[^/]+/src/index\\.ts$', ...SECONDARY_ENTRY_POINTS];

/** Anything that is not the project's own code: npm packages and Node built-ins. */
const EXTERNAL = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'core'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles make load order matter (undefined at decoration time in NestJS, forwardRef) and stop a folder from ' +
        'being moved out on its own. Type-only imports count too: a type cycle is a design cycle, and it turns into a ' +
        'runtime one as soon as someone imports a value along it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'apps-not-to-kadu',
      severity: 'error',
      comment: 'An application under apps/ does not import the Kadu host (src/): what they share lives in a library under libs/.',
      from: { path: '^apps/' },
      to: { path: '^src/' },
    },
    {
      name: 'kadu-not-to-apps',
      severity: 'error',
      comment: 'The Kadu host (src/) does not import another application (apps/): what they share lives in a library under libs/.',
      from: { path: '^src/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-not-to-other-apps',
      severity: 'error',
      comment: 'One application under apps/ does not import another one: what they share lives in a library under libs/.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'libs-not-to-hosts',
      severity: 'error',
      comment: 'A library does not know who uses it: nothing under libs/ imports from src/, apps/, test/ or bench/.',
      from: { path: '^libs/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^(src|apps|test|bench)/' },
    },
    {
      name: 'lib-specs-to-test-support-only',
      severity: 'error',
      comment:
        "A library's specs are test code: they may use the host-neutral helpers of test/support/ (a migrated database), " + 'never a host or the benchmark.',
      from: { path: '^libs/.*\\.spec\\.ts$' },
      to: { path: '^(src|apps|bench)/' },
    },
    {
      name: 'lib-entry-point-only',
      severity: 'error',
      comment:
        'Outside a library, import it only through its entry point (@kobana/<name>, i.e. libs/<name>/src/index.ts, or a ' +
        'listed secondary one such as @kobana/mcp/testing): a deep import, by alias or by relative path, ties the caller ' +
        "to the library's internals.",
      from: { pathNot: '^libs/' },
      to: { path: '^libs/', pathNot: ENTRY_POINTS },
    },
    {
      name: 'lib-to-other-lib-entry-point-only',
      severity: 'error',
      comment:
        'A library imports another library only through its entry point (@kobana/<name>), never into its internals; ' +
        'inside its own folder it imports freely.',
      from: { path: '^libs/([^/]+)/' },
      to: { path: '^libs/', pathNot: ['^libs/$1/', ...ENTRY_POINTS] },
    },
    {
      name: 'mcp-interfaces-self-contained',
      severity: 'error',
      comment:
        'libs/mcp/src/interfaces/ holds the public shapes of the module: they depend on nothing else in the project ' +
        '(npm packages and Node built-ins are fine), so that every other folder can depend on them without a cycle.',
      from: { path: '^libs/mcp/src/interfaces/' },
      to: { pathNot: '^libs/mcp/src/interfaces/', dependencyTypesNot: EXTERNAL },
    },
    {
      name: 'people-self-contained',
      severity: 'error',
      comment:
        'libs/people is the port through which every library knows people: it imports no other library of the project ' +
        '(npm packages and Node built-ins are fine), so identity, the pages and an application of its own all depend on it without a cycle.',
      from: { path: '^libs/people/' },
      to: { pathNot: '^libs/people/', dependencyTypesNot: EXTERNAL },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file (a typo, or a path alias missing from tsconfig.json) would slip past every rule above.',
      from: {},
      to: { couldNotResolve: true, path: '^(\\.|@kobana/)' },
    },
  ],
  options: {
    // Build output (dist/, a folder's dist/) and coverage are not
    // the project's code, nor is the conformance suite's own install. A dist/
    // inside an npm package stays: that is where the package's entry point lives.
    exclude: { path: '^(dist|coverage|[^/]+/dist|[^/]+/coverage|libs/[^/]+/dist|test/conformance/suite)/' },
    // npm packages (the root's and bench/'s own) are leaves of the graph: seen, not cruised.
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too (see no-circular).
    tsPreCompilationDeps: true,
    // Resolves the @kobana/* aliases from tsconfig.json, including those of libraries added later.
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['cjs', 'es6'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.js', '.json'],
      mainFields: ['main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
