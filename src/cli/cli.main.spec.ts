import { CliIo } from '@kobana/host-kit';
import { CLI_EXIT, hostCliUsage } from '@kobana/platform';
import { runHostCliLazily } from '@kobana/platform/cli';
import { KADU } from '../kadu.host';
import { KADU_CLI } from '../kadu-cli.host';
import { HEAVY_PACKAGES, heavyModules, modulesLoadedBy } from '../../test/support/cli-modules';

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

  it('a command loads the host, and the same check sees it', async () => {
    const { code, loaded } = await modulesLoadedBy('src/cli.ts', ['token', 'create', '--organization', 'demo']);
    expect(code).toBe(CLI_EXIT.usage);
    expect(loaded.some((file) => file.endsWith('/src/kadu.host.ts'))).toBe(true);
    expect(loaded.some((file) => HEAVY_PACKAGES.test(file))).toBe(true);
  });
});
