/**
 * The file roles of docs/architecture.md ("File roles"), held to the tree: every
 * non-test `.ts` file under the checked folders is named `<feature>.<role>.ts`
 * with a role from that list, read from the doc itself so the doc stays the
 * only place the list is written. Entry files (`index.ts`, `main.ts`, `cli.ts`)
 * and a host's recorded migrations have no role.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const DOC = join(ROOT, 'docs', 'architecture.md');

/** Folders whose files already follow the list; the others are renamed folder by folder, then added here. */
const CHECKED_FOLDERS = [
  'libs/mcp',
  'libs/database',
  'libs/outbound',
  'libs/mcp-tasks',
  'libs/pages',
  'libs/host-kit',
  'libs/people',
  'src/tasks',
  'src/files',
  'src/organizations',
  'src/executions',
  'src/webhooks',
  'src/kadu-mcp',
  'src/limits',
  'apps/billing/customers',
  'apps/billing/invoices',
  'apps/billing/nfes',
  'apps/billing/subscriptions',
  'apps/billing/documents',
  'apps/billing/billing-mcp',
  'apps/conformance',
  'libs/openapi',
  'libs/idempotency',
  'libs/oauth',
  'libs/approvals',
  'libs/audit',
  'libs/identity',
  'libs/platform',
  'src/bootstrap',
  'src/config',
  'src/database',
  'src/identity',
  'src/oauth',
  'src/secrets',
  'src/common',
  'apps/billing/bootstrap',
  'apps/billing/config',
  'apps/billing/database',
  'apps/billing/identity',
  'apps/billing/oauth',
  'apps/billing/common',
];

/** Folders whose own files are checked, not their sub-folders (each of those is listed above once it follows the list). */
const CHECKED_ROOTS = ['src', 'apps/billing'];

/** Files that start a program or open a folder, and so have no role of their own. */
const ENTRY_FILES = new Set(['index.ts', 'main.ts', 'cli.ts']);

const START = '<!-- file-roles:start -->';
const END = '<!-- file-roles:end -->';

/** The roles listed between the markers of a doc: one "- `role`: meaning" line each. */
function rolesOf(doc: string): string[] {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no ${START} … ${END} list`);
  return doc
    .slice(start + START.length, end)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^- `([a-z][a-z-]*)`: \S/.exec(line);
      if (!match) throw new Error(`not a role line in the file roles list: ${line}`);
      return match[1];
    });
}

/** The role of a file name (`mcp-rate-limiter.service.ts` → `service`), or undefined when it has none. */
function roleOf(fileName: string): string | undefined {
  const parts = fileName.replace(/\.ts$/, '').split('.');
  return parts.length >= 2 ? parts[parts.length - 1] : undefined;
}

/** Whether a file is a test (its role is `spec`, whatever precedes it: `x.service.spec.ts`, `x.e2e-spec.ts`). */
function isTest(fileName: string): boolean {
  return /[.-]spec\.ts$/.test(fileName);
}

/**
 * Whether a file is a host's migration (`migrations/0101_create_tasks.ts`): its
 * name is the name the databases recorded it under, so it never changes.
 */
function isRecordedMigration(path: string): boolean {
  return path.split('/').includes('migrations');
}

/** The files whose role is missing or not in `roles`, as `path (role)`. */
function misnamed(paths: readonly string[], roles: ReadonlySet<string>): string[] {
  return paths
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))
    .filter((path) => !isTest(basename(path)) && !ENTRY_FILES.has(basename(path)) && !isRecordedMigration(path))
    .filter((path) => !roles.has(roleOf(basename(path)) ?? ''))
    .map((path) => `${path} (${roleOf(basename(path)) ?? 'no role'})`);
}

/** Folders that hold what a build or an install wrote, not source. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage']);

/**
 * The files under a folder, as paths from the root. Read from the file system,
 * not from git, since the suite also runs in a copy of the tree with no
 * repository (scripts/node24.sh).
 */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(path);
    return entry.isFile() ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

/** The files directly in a folder, as paths from the root. */
function filesIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(folder, entry.name)).split('\\').join('/'));
}

describe('file roles (docs/architecture.md "File roles")', () => {
  const roles = rolesOf(readFileSync(DOC, 'utf8'));
  const tracked = [...CHECKED_FOLDERS.flatMap((folder) => filesUnder(join(ROOT, folder))), ...CHECKED_ROOTS.flatMap((folder) => filesIn(join(ROOT, folder)))];

  it('lists a short set of distinct roles, Nest’s own among them', () => {
    expect(new Set(roles).size).toBe(roles.length);
    expect(roles.length).toBeGreaterThanOrEqual(20);
    expect(roles.length).toBeLessThanOrEqual(35);
    expect(roles).toEqual(expect.arrayContaining(['module', 'controller', 'service', 'guard', 'filter', 'decorator', 'spec']));
  });

  it('checks folders that exist and hold TypeScript', () => {
    for (const folder of [...CHECKED_FOLDERS, ...CHECKED_ROOTS]) {
      expect(tracked.filter((path) => path.startsWith(`${folder}/`) && path.endsWith('.ts')).length).toBeGreaterThan(0);
    }
  });

  it('finds every file of the checked folders a role from the list', () => {
    expect(misnamed(tracked, new Set(roles))).toEqual([]);
  });

  it('refuses a role outside the list, a file with no role, and accepts entry files and tests', () => {
    const listed = new Set(roles);
    expect(
      misnamed(
        [
          'libs/x/src/x.service.ts',
          'libs/x/src/x.punycode.ts',
          'libs/x/src/body-limit.ts',
          'libs/x/src/index.ts',
          'libs/x/src/main.ts',
          'libs/x/src/x.punycode.spec.ts',
          'libs/x/src/x.e2e-spec.ts',
          'apps/x/database/migrations/0101_create_things.ts',
          'libs/x/README.md',
        ],
        listed,
      ),
    ).toEqual(['libs/x/src/x.punycode.ts (punycode)', 'libs/x/src/body-limit.ts (no role)']);
  });

  it('reads the list only between its markers, and refuses a line it cannot read', () => {
    expect(rolesOf(`- \`outside\`: no\n${START}\n- \`store\`: keeps records.\n\n- \`util\`: helpers.\n${END}\n`)).toEqual(['store', 'util']);
    expect(() => rolesOf(`${START}\n* store keeps records\n${END}`)).toThrow('not a role line');
    expect(() => rolesOf('no list here')).toThrow('has no');
  });
});
