import type { HostDescriptor } from '../host-descriptor.interface';
import { hostAuditOptions } from './host-audit.options';

/** What the audit options read of a descriptor: a host with identity's people. */
const HOST: Parameters<typeof hostAuditOptions>[0] = {
  name: 'ledger',
  roles: ['owner', 'admin', 'clerk'],
  scopes: [
    { scope: 'ledger:read', description: 'See the ledger' },
    { scope: 'ledger:write', description: 'Change the ledger' },
  ],
};

/** The same host with people of the application's own (never built here). */
const OWN_PEOPLE = { ...HOST, people: { useFactory: () => ({}) as never } satisfies HostDescriptor['people'] };

describe('hostAuditOptions', () => {
  it('with identity’s people: owners and admins, the host’s read scope, the platform’s refusal', () => {
    expect(hostAuditOptions(HOST)).toEqual({ roles: ['owner', 'admin'], scope: 'ledger:read', refusal: 'Your role may not read the audit trail' });
  });

  it('with the host’s own people: the tool listed for every role, since their People decides each call', () => {
    expect(hostAuditOptions(OWN_PEOPLE).roles).toEqual(['owner', 'admin', 'clerk']);
    expect(hostAuditOptions({ ...OWN_PEOPLE, auditRoles: ['owner'] }).roles).toEqual(['owner']);
  });

  it('takes the descriptor’s scope and refusal, and refuses a scope no token could carry', () => {
    expect(hostAuditOptions({ ...HOST, auditScope: 'ledger:write', auditRefusal: 'Ask an owner' })).toMatchObject({
      scope: 'ledger:write',
      refusal: 'Ask an owner',
    });
    expect(() => hostAuditOptions({ ...HOST, auditScope: 'audit:read' })).toThrow(
      `auditScope "audit:read" is none of the host's scopes (ledger:read, ledger:write): no token could carry it`,
    );
  });
});
