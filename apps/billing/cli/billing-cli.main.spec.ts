import { CLI_EXIT, hostCliUsage } from '@kobana/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heavyModules, hostFeatureFiles, modulesLoadedBy } from '../../../test/support/cli-modules';
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

describe('npm run cli:billing -- token create without loading Billing’s features', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'billing-cli-loaded-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('mints a token with its stores alone: no descriptor, API module, tool or store of Billing', async () => {
    const { code, loaded } = await modulesLoadedBy('apps/billing/cli.ts', ['token', 'create', '--organization', 'lean', '--role', 'financial'], {
      DATABASE_URL: `sqlite:${join(dir, 'billing.sqlite')}`,
    });
    expect(code).toBe(CLI_EXIT.ok);
    expect(hostFeatureFiles(loaded, 'apps/billing')).toEqual([]);
    expect(loaded.some((file) => file.endsWith('/apps/billing/billing-core.host.ts'))).toBe(true);
  });
});
