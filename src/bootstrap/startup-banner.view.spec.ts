import { HostBannerInput, renderHostBanner } from '@kobana/platform';
import { KADU } from '../kadu.host';
import type { DemoSeed } from './demo-seed.bootstrap';

const renderStartupBanner = (input: HostBannerInput<DemoSeed>): string => renderHostBanner(KADU, input);

const demo = {
  organizationSlug: 'demo',
  ownerEmail: 'owner@demo.kadu.local',
  ownerPassword: 'pw-123',
  token: 'kadu_mcp_x_y',
  tokenExpiresAt: '2030-01-01T00:00:00.000Z',
};

describe('the start-up banner', () => {
  const input = { publicUrl: 'http://localhost:3000', listening: '127.0.0.1:3000', database: 'sqlite /srv/kadu.sqlite' };

  it('shows the MCP URL, the demo token and a curl whose headers repeat its body', () => {
    const text = renderStartupBanner({ ...input, demo });
    expect(text).toContain('MCP endpoint   http://localhost:3000/mcp');
    expect(text).toContain('    kadu_mcp_x_y\n');
    expect(text).toContain('Owner password pw-123');
    expect(text).toContain('curl -sS http://localhost:3000/mcp \\');
    expect(text).toContain("-H 'Authorization: Bearer kadu_mcp_x_y'");
    expect(text).toContain("-H 'Mcp-Method: tools/call'");
    expect(text).toContain("-H 'Mcp-Name: kadu_organization_get'");
    const body = JSON.parse(/-d '(.*)'$/m.exec(text)![1]);
    expect(body).toMatchObject({ method: 'tools/call', params: { name: 'kadu_organization_get' } });
    expect(body.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  });

  it('on later starts, says how to get a new password instead of showing one', () => {
    const text = renderStartupBanner({ ...input, demo: { ...demo, ownerPassword: null } });
    expect(text).not.toContain('pw-123');
    expect(text).toContain('npm run cli -- password reset --email owner@demo.kadu.local');
  });

  it('without the demo, points at the CLI', () => {
    const text = renderStartupBanner({ ...input, demo: null });
    expect(text).toContain('npm run cli -- token create');
    expect(text).not.toContain('Bearer');
  });
});
