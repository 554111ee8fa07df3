import { CLI_EXIT, hostCliUsage } from '@kobana/platform';
import { heavyModules, modulesLoadedBy } from '../../../test/support/cli-modules';
import { BILLING } from '../billing.host';
import { BILLING_CLI } from '../billing-cli.host';

// The spawned CLI compiles its sources with ts-node: seconds on a busy machine.
jest.setTimeout(120_000);

describe('npm run cli:billing -- help without loading Billing', () => {
  it('the help of the CLI card is the help of the descriptor', () => {
    expect(hostCliUsage(BILLING_CLI)).toBe(hostCliUsage(BILLING));
  });

  it('help loads neither Nest, a database driver, the OAuth server nor the host’s modules', async () => {
    const { code, loaded } = await modulesLoadedBy('apps/billing/cli.ts', ['help']);
    expect(code).toBe(CLI_EXIT.ok);
    expect(heavyModules(loaded)).toEqual([]);
    expect(loaded.filter((file) => file.endsWith('/billing-cli.host.ts'))).toHaveLength(1);
  });
});
