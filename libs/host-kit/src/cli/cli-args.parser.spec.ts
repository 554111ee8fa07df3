import { CliHelpRequest } from './cli-help.error';
import { CliUsageError } from './cli-usage.error';
import { parseCliOptions } from './cli-args.parser';

describe('parseCliOptions', () => {
  const options = { id: { type: 'string' }, organization: { type: 'string' }, all: { type: 'boolean' } } as const;

  it('takes a value that begins with a dash, as the ids the CLI prints may', () => {
    expect(parseCliOptions(['--id', '-Qx7_a', '--organization', 'demo'], options)).toEqual({ id: '-Qx7_a', organization: 'demo' });
    expect(parseCliOptions(['--id', '--Qx7'], options)).toEqual({ id: '--Qx7' });
  });

  it("still reads the command's own options, and refuses what it refused", () => {
    expect(() => parseCliOptions(['--id', '--organization', 'demo'], options)).toThrow(CliUsageError);
    expect(() => parseCliOptions(['--id'], options)).toThrow(CliUsageError);
    expect(() => parseCliOptions(['--nope', 'x'], options)).toThrow(CliUsageError);
    expect(parseCliOptions(['--all', '--id=x'], options)).toEqual({ all: true, id: 'x' });
  });

  it('collects a multiple option in order, its values too may begin with a dash', () => {
    const repeated = { uri: { type: 'string', multiple: true }, all: { type: 'boolean' } } as const;
    expect(parseCliOptions(['--uri', 'a', '--all', '--uri', '-b'], repeated)).toEqual({ uri: ['a', '-b'], all: true });
    expect(parseCliOptions([], repeated)).toEqual({});
  });

  it('asks for help with --help or -h where an option may stand, even after a flag', () => {
    for (const args of [['--help'], ['-h'], ['--id', 'x', '-h'], ['--all', '-h'], ['--id', '--help'], ['--all', '--id=x', '--help']]) {
      expect(() => parseCliOptions(args, options)).toThrow(CliHelpRequest);
    }
  });

  it('takes -h as the value of the option before it, which is how it was given', () => {
    expect(parseCliOptions(['--id', '-h', '--organization', 'demo'], options)).toEqual({ id: '-h', organization: 'demo' });
    expect(parseCliOptions(['--id=--help'], options)).toEqual({ id: '--help' });
  });
});
