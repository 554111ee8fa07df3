import type { CliIo } from '@kobana/host-kit';
import type { HostDescriptor } from '../host-descriptor.interface';
import { CLI_EXIT, runHostCli } from './host-cli.command';

/** What the CLI reads of a descriptor before it opens anything: a host with identity's people. */
const HOST = {
  name: 'ledger',
  title: 'Ledger',
  roles: ['owner', 'clerk'],
  scopes: [{ scope: 'ledger:read', description: 'See the ledger' }],
  cli: { command: 'ledger' },
} as unknown as HostDescriptor;

/** The same host with people of the application's own. */
const OWN_PEOPLE: HostDescriptor = { ...HOST, people: { useFactory: () => ({}) as never } };

function captureIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

describe('runHostCli', () => {
  const open = jest.fn(() => Promise.reject(new Error('no command here may open the database')));
  beforeEach(() => open.mockClear());

  it('lists password reset for a host whose people are identity’s', async () => {
    const io = captureIo();
    expect(await runHostCli(HOST, ['help'], io, open)).toBe(CLI_EXIT.ok);
    expect(io.stdout.join('\n')).toContain('password reset --email <email>');
  });

  it('has no password reset for a host with people of its own, and says where passwords are reset', async () => {
    const help = captureIo();
    expect(await runHostCli(OWN_PEOPLE, ['help'], help, open)).toBe(CLI_EXIT.ok);
    const usage = help.stdout.join('\n');
    expect(usage).not.toContain('password reset --email');
    expect(usage).toContain("Passwords: Ledger's people are the application's own; their passwords are reset where it keeps them.");

    const io = captureIo();
    expect(await runHostCli(OWN_PEOPLE, ['password', 'reset', '--email', 'a@ledger.test'], io, open)).toBe(CLI_EXIT.usage);
    expect(io.stderr.join('\n')).toMatch(/^Unknown command "password reset"\n\n.*Passwords: Ledger's people are the application's own/s);
    expect(open).not.toHaveBeenCalled();
  });
});
