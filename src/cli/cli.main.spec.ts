import { CliIo } from '@kobana/host-kit';
import { CLI_EXIT, hostCliUsage } from '@kobana/platform';
import { runHostCliLazily } from '@kobana/platform/cli';
import { KADU } from '../kadu.host';
import { KADU_CLI } from '../kadu-cli.host';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HEAVY_PACKAGES, heavyModules, hostFeatureFiles, modulesLoadedBy } from '../../test/support/cli-modules';

// Each spawned CLI compiles its sources with ts-node: seconds on a busy machine.
jest.setTimeout(120_000);

function captureIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

describe('a host CLI answers help without loading the host', () => {
  it('the help of the CLI card is the help of the descriptor', () => {
    expect(hostCliUsage(KADU_CLI)).toBe(hostCliUsage(KADU));
  });

  it('help and no command are answered from the card alone; any command loads the host', async () => {
    const load = jest.fn(async () => KADU);
    const help = captureIo();
    await expect(runHostCliLazily(KADU_CLI, load, ['help'], help)).resolves.toBe(CLI_EXIT.ok);
    expect(help.stdout).toEqual([hostCliUsage(KADU)]);
    const none = captureIo();
    await expect(runHostCliLazily(KADU_CLI, load, [], none)).resolves.toBe(CLI_EXIT.usage);
    expect(none.stderr).toEqual([`No command given\n\n${hostCliUsage(KADU)}`]);
    const commandHelp = captureIo();
    await expect(runHostCliLazily(KADU_CLI, load, ['token', 'create', '--help'], commandHelp)).resolves.toBe(CLI_EXIT.ok);
    expect(commandHelp.stdout).toEqual([hostCliUsage(KADU)]);
    expect(load).not.toHaveBeenCalled();

    // A command's arguments are checked against the loaded host before any database opens.
    const typo = captureIo();
    await expect(runHostCliLazily(KADU_CLI, load, ['token', 'create', '--organization', 'demo'], typo)).resolves.toBe(CLI_EXIT.usage);
    expect(load).toHaveBeenCalledTimes(1);
    expect(typo.stderr[0]).toMatch(/--role/);
  });

  it('help loads neither Nest, a database driver, the OAuth server nor the host’s modules', async () => {
    const { code, loaded } = await modulesLoadedBy('src/cli.ts', ['help']);
    expect(code).toBe(CLI_EXIT.ok);
    expect(heavyModules(loaded)).toEqual([]);
    // What it did load: the card and the help text's sources, a handful of files.
    expect(loaded.filter((file) => file.endsWith('-cli.host.ts'))).toHaveLength(1);
  });

  it('a command loads the platform and Kadu’s core, and the same check sees it', async () => {
    const { code, loaded } = await modulesLoadedBy('src/cli.ts', ['token', 'create', '--organization', 'demo']);
    expect(code).toBe(CLI_EXIT.usage);
    expect(loaded.some((file) => file.endsWith('/src/kadu-core.host.ts'))).toBe(true);
    expect(loaded.some((file) => HEAVY_PACKAGES.test(file))).toBe(true);
  });
});

describe('a host CLI command loads its stores, not the host’s features', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'kadu-cli-loaded-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('token create mints a token without loading Kadu’s descriptor, API modules, tools or workers', async () => {
    const { code, loaded } = await modulesLoadedBy('src/cli.ts', ['token', 'create', '--organization', 'lean', '--role', 'viewer'], {
      DATABASE_URL: `sqlite:${join(dir, 'kadu.sqlite')}`,
    });
    expect(code).toBe(CLI_EXIT.ok);
    expect(hostFeatureFiles(loaded, 'src')).toEqual([]);
    // What a full start would load first: the tasks and webhooks modules.
    const kadu = resolve(__dirname, '..');
    expect(loaded.filter((file) => file.startsWith(join(kadu, 'tasks/')) || file.startsWith(join(kadu, 'webhooks/')))).toEqual([]);
    // What it did load: Kadu's migrations, which it ran.
    expect(loaded.some((file) => file.endsWith('/src/database/migrations/0101_create_tasks.ts'))).toBe(true);
  });
});
