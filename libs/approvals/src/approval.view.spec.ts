import type { McpApproval } from '@kobana/mcp';
import { approvalBody as approvalMarkup } from './approval.view';

const now = new Date('2026-12-01T14:00:00.000Z');
const approval = (overrides: Partial<McpApproval> = {}): McpApproval => ({
  id: 'a1',
  organization_id: 'org',
  subject: 'user',
  client_id: 'client',
  client_name: 'Client',
  tool: 'things_delete',
  args_digest: 'digest',
  arguments: { id: 'thing-1' },
  summary: null,
  status: 'pending',
  created_at: now.toISOString(),
  expires_at: '2026-12-01T14:10:00.000Z',
  decided_at: null,
  decided_by: null,
  consumed_at: null,
  closed_at: null,
  ...overrides,
});
const tool = { title: 'Delete a thing', description: 'Deletes it' };
/** The page's markup as the response sends it. */
const approvalBody = (...args: Parameters<typeof approvalMarkup>): string => approvalMarkup(...args).toString();

describe('approvalBody', () => {
  it('says when the link expires in the person’s terms, with the instant for the browser and UTC as the fallback', () => {
    const html = approvalBody(approval(), tool, 'csrf', now);
    expect(html).toContain(
      '<p id="expiry">This link expires in 10 minutes, at <time id="expires-at" datetime="2026-12-01T14:10:00.000Z">14:10 UTC</time>.</p>',
    );
    expect(approvalBody(approval(), tool, 'csrf', new Date('2026-12-01T14:09:10.000Z'))).toContain('expires in 1 minute, at');
    expect(approvalBody(approval(), tool, 'csrf', new Date('2026-12-01T14:09:50.000Z'))).toContain('expires in less than a minute, at');
    expect(approvalBody(approval(), tool, 'csrf', new Date('2026-12-01T14:11:00.000Z'))).toContain('This link expired at <time');
  });

  it('shows a client name’s bidirectional controls neutralized, so the name reads as it is', () => {
    const html = approvalBody(approval({ client_name: 'Trusted\u202Eppa.live\u202C' }), tool, 'csrf', now);
    expect(html).toContain('<strong id="client-name">Trusted\uFFFDppa.live\uFFFD</strong>');
    expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('names what the call acts on, escaped, only when the tool described it', () => {
    expect(approvalBody(approval({ summary: 'task "<b>Payroll</b>"' }), tool, 'csrf', now)).toContain(
      'It acts on <strong id="approval-summary">task &#34;&#60;b&#62;Payroll&#60;/b&#62;&#34;</strong>.',
    );
    expect(approvalBody(approval(), tool, 'csrf', now)).not.toContain('approval-summary');
  });
});
