import type { INestApplicationContext } from '@nestjs/common';
import { CliFailure } from './cli-failure.error';
import { CliUsageError } from './cli-usage.error';
import { parseCliOptions } from './cli-args.parser';
import type { CliIo } from './cli-io.provider';
import { CLI_EXIT, CliProgram, runCliCommands } from './cli.command';

describe('runCliCommands', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } satisfies CliIo };
  };
  const program = (run: (service: string) => Promise<unknown>) => {
    const closed = jest.fn();
    const open = jest.fn(async () => ({ close: closed }) as unknown as INestApplicationContext);
    const spec: CliProgram<string> = {
      usage: 'usage: thing do',
      commands: {
        'thing do': (args) => {
          if (args.includes('--bad')) throw new CliUsageError('--bad is not an option');
          return (service) => run(service);
        },
        'thing name': (args) => {
          const { name } = parseCliOptions(args, { name: { type: 'string' }, quiet: { type: 'boolean' } });
          return (service, cliIo) => run(`${service} named ${name}`).then(() => cliIo.out(`named ${name}`));
        },
      },
      open,
      service: () => 'the service',
      isRefusal: (error) => error instanceof RangeError,
    };
    return { spec, open, closed };
  };

  it('runs the command against the service and closes the context: 0', async () => {
    const run = jest.fn(async () => undefined);
    const { spec, closed } = program(run);
    expect(await runCliCommands(['thing', 'do'], io().io, spec)).toBe(CLI_EXIT.ok);
    expect(run).toHaveBeenCalledWith('the service');
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it.each([[['thing', 'undo']], [[]], [['thing', 'do', '--bad']]])('%j: 2 and the usage, without opening the database', async (argv) => {
    const { spec, open } = program(async () => undefined);
    const captured = io();
    expect(await runCliCommands(argv, captured.io, spec)).toBe(CLI_EXIT.usage);
    expect(captured.err.join('\n')).toContain('usage: thing do');
    expect(open).not.toHaveBeenCalled();
  });

  it('help prints the usage on stdout: 0', async () => {
    const captured = io();
    expect(await runCliCommands(['--help'], captured.io, program(async () => undefined).spec)).toBe(CLI_EXIT.ok);
    expect(captured.out).toEqual(['usage: thing do']);
  });

  it.each([[['thing', 'do', '--help']], [['thing', 'do', '--name', 'x', '-h']]])('%j prints the usage on stdout: 0, nothing parsed or opened', async (argv) => {
    const { spec, open } = program(async () => undefined);
    const captured = io();
    expect(await runCliCommands(argv, captured.io, spec)).toBe(CLI_EXIT.ok);
    expect(captured.out).toEqual(['usage: thing do']);
    expect(open).not.toHaveBeenCalled();
  });

  it.each([[['thing', 'name', '--name', 'x', '--quiet', '-h']], [['thing', 'name', '--quiet', '--help']], [['thing', 'name', '--name', '--help']]])(
    '%j: the help after an option goes to the parser, which finds it: the usage on stdout, 0, nothing opened',
    async (argv) => {
      const { spec, open } = program(async () => undefined);
      const captured = io();
      expect(await runCliCommands(argv, captured.io, spec)).toBe(CLI_EXIT.ok);
      expect(captured.out).toEqual(['usage: thing do']);
      expect(open).not.toHaveBeenCalled();
    },
  );

  it("-h given as an option's value is that value: the command runs with it", async () => {
    const run = jest.fn(async () => undefined);
    const { spec, open } = program(run);
    const captured = io();
    expect(await runCliCommands(['thing', 'name', '--name', '-h'], captured.io, spec)).toBe(CLI_EXIT.ok);
    expect(run).toHaveBeenCalledWith('the service named -h');
    expect(captured.out).toEqual(['named -h']);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it.each([new CliFailure('No such token'), new RangeError('No such token')])('a refusal (%s): 1 and its message, context closed', async (refusal) => {
    const { spec, closed } = program(async () => Promise.reject(refusal));
    const captured = io();
    expect(await runCliCommands(['thing', 'do'], captured.io, spec)).toBe(CLI_EXIT.failed);
    expect(captured.err).toEqual(['Error: No such token']);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('a fault rejects, after closing the context', async () => {
    const { spec, closed } = program(async () => Promise.reject(new TypeError('boom')));
    await expect(runCliCommands(['thing', 'do'], io().io, spec)).rejects.toThrow('boom');
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
