/**
 * The audit trail of both hosts (issue 18): the exact stored event of each
 * decision path, in both eras; sensitive arguments never stored; a sink that
 * throws leaves the answer byte-identical.
 */
import { McpRateLimitStorage, McpAuditEmitter, MCP_RESOLVED_OPTIONS } from '@kobana/mcp';
import { rateLimitKey } from '@kobana/mcp/testing';
import { DatabaseAuditSink } from '@kobana/audit';
import { AuditHost, billingHost, callerOf, clientOf, digestOf, eventsOf, expectedEvent, kaduHost } from './audit.support';

jest.setTimeout(90_000);

const HOSTS: Array<[string, () => Promise<AuditHost>]> = [
  ['Kadu', kaduHost],
  ['Billing', billingHost],
];
const ERAS = ['2026', '2025'] as const;

describe.each(HOSTS)('%s: the event of each decision', (_name, start) => {
  let host: AuditHost;
  let cases = 0;
  /** A token of its own OAuth client per case: the case's events are those of that client. */
  const fresh = (era: string, role: 'owner' | 'viewer' = 'owner', scopes?: string[]) =>
    host.token('org-a', role, { clientId: `${host.name}-${era}-${++cases}`, ...(scopes ? { scopes } : {}) });

  beforeAll(async () => {
    host = await start();
  });
  afterAll(async () => {
    await host?.close();
  });

  describe.each(ERAS)('era %s', (era) => {
    it('a successful call: allowed, success, the arguments as sent', async () => {
      const token = await fresh(era);
      const mcp = await clientOf(host, token, era);
      await mcp.callTool(host.list.tool, {});
      expect(await eventsOf(host, (await callerOf(host, token)).client_id)).toEqual([
        expectedEvent(await callerOf(host, token), era, {
          tool: host.list.tool,
          arguments: {},
          arguments_digest: digestOf({}),
          decision: 'allowed',
          outcome: 'success',
        }),
      ]);
    });

    it('an isError result: the route’s status (404)', async () => {
      const token = await fresh(era);
      const caller = await callerOf(host, token);
      const outcome = await (await clientOf(host, token, era)).callTool(host.missing.tool, host.missing.args);
      expect(outcome.isError).toBe(true);
      expect(await eventsOf(host, caller.client_id)).toEqual([
        expectedEvent(caller, era, {
          tool: host.missing.tool,
          arguments: host.missing.args,
          arguments_digest: digestOf(host.missing.args),
          decision: 'allowed',
          outcome: 'error_result',
          status: 404,
        }),
      ]);
    });

    it('an internal error: 500 and the correlation id the client was given', async () => {
      const token = await fresh(era);
      const caller = await callerOf(host, token);
      const mcp = await clientOf(host, token, era);
      await host.db.schema.alterTable(host.list.table).renameTo(`${host.list.table}_away`).execute();
      let answer;
      try {
        answer = await mcp.send('tools/call', { name: host.list.tool, arguments: {} });
      } finally {
        await host.db.schema.alterTable(`${host.list.table}_away`).renameTo(host.list.table).execute();
      }
      expect(answer.status).toBe(500);
      const correlationId = (answer.body as { error: { data: { correlation_id: string } } }).error.data.correlation_id;
      expect(await eventsOf(host, caller.client_id)).toEqual([
        expectedEvent(caller, era, {
          tool: host.list.tool,
          arguments: {},
          arguments_digest: digestOf({}),
          decision: 'allowed',
          outcome: 'internal_error',
          status: 500,
          error_code: -32603,
          correlation_id: correlationId,
        }),
      ]);
    });

    it('an unknown tool: refused, its arguments not kept (no DTO says what is sensitive)', async () => {
      const token = await fresh(era);
      const caller = await callerOf(host, token);
      const answer = await (await clientOf(host, token, era)).send('tools/call', { name: 'no_such_tool', arguments: { password: 'x' } });
      expect(await eventsOf(host, caller.client_id)).toEqual([
        expectedEvent(caller, era, {
          tool: 'no_such_tool',
          arguments: null,
          arguments_digest: digestOf({ password: 'x' }),
          decision: 'unknown_tool',
          outcome: 'not_run',
          status: answer.status,
          error_code: -32602,
        }),
      ]);
      expect(answer.status).toBe(era === '2026' ? 400 : 200);
    });

    it('a tool the role may not use: forbidden_tool, answered as unknown', async () => {
      const token = await fresh(era, 'viewer');
      const caller = await callerOf(host, token);
      const answer = await (await clientOf(host, token, era)).send('tools/call', { name: host.auditTool, arguments: {} });
      expect((answer.body as { error: { message: string } }).error.message).toContain(`Unknown tool: ${host.auditTool}`);
      expect(await eventsOf(host, caller.client_id)).toEqual([
        expectedEvent(caller, era, {
          tool: host.auditTool,
          arguments: {},
          arguments_digest: digestOf({}),
          decision: 'forbidden_tool',
          outcome: 'not_run',
          status: answer.status,
          error_code: -32602,
        }),
      ]);
    });

    it('a token without the scope: insufficient_scope, 403', async () => {
      const token = await fresh(era, 'owner', [host.readScope]);
      const caller = await callerOf(host, token);
      const answer = await (await clientOf(host, token, era)).send('tools/call', { name: host.write.tool, arguments: host.write.args });
      expect(answer.status).toBe(403);
      const [event] = await eventsOf(host, caller.client_id);
      expect(event).toEqual(
        expectedEvent(caller, era, {
          tool: host.write.tool,
          arguments: host.name === 'Billing' ? { name: 'Zé', email: 'ze@a.test' } : host.write.args,
          arguments_digest: digestOf(host.write.args),
          decision: 'insufficient_scope',
          outcome: 'not_run',
          status: 403,
        }),
      );
    });

    it('over the rate limit: rate_limited, 429 -32029', async () => {
      const token = await fresh(era);
      const caller = await callerOf(host, token);
      const storage = host.app.get<McpRateLimitStorage>(McpRateLimitStorage, { strict: false });
      const { rateLimit } = host.app.get(MCP_RESOLVED_OPTIONS, { strict: false });
      const { ttlMs, limit } = rateLimit.read;
      for (let i = 0; i < limit; i++) await storage.increment(rateLimitKey(caller, 'read'), ttlMs, limit, 0, 'mcp');
      const answer = await (await clientOf(host, token, era)).send('tools/call', { name: host.list.tool, arguments: {} });
      expect(answer.status).toBe(429);
      expect(await eventsOf(host, caller.client_id)).toEqual([
        expectedEvent(caller, era, {
          tool: host.list.tool,
          arguments: {},
          arguments_digest: digestOf({}),
          decision: 'rate_limited',
          outcome: 'not_run',
          status: 429,
          error_code: -32029,
        }),
      ]);
    });

    describe('confirmation by approval link', () => {
      const destructive = async (token: string, apiToken: string) => {
        const mcp = await clientOf(host, token, era, false);
        const args = await host.destructive.target(apiToken);
        return { mcp, args, base: { tool: host.destructive.tool, arguments: args, arguments_digest: digestOf(args) } };
      };
      const apiToken = () => host.token('org-a', 'owner', { clientId: 'rest', audience: 'api' });

      it('asked, then approved: the approval id, who approved it, and the run', async () => {
        const token = await fresh(era);
        const caller = await callerOf(host, token);
        const { mcp, args, base } = await destructive(token, await apiToken());
        const pending = await mcp.callTool(host.destructive.tool, args);
        const done = await mcp.approve(pending);
        expect(done.isError).toBeFalsy();
        const approval = pending.approval!.id;
        expect(await eventsOf(host, caller.client_id)).toEqual([
          expectedEvent(caller, era, { ...base, decision: 'confirmation_asked', outcome: 'not_run', approval_id: approval }),
          expectedEvent(caller, era, {
            ...base,
            decision: 'confirmation_approved',
            outcome: 'success',
            approval_id: approval,
            approved_by: caller.subject,
          }),
        ]);
      });

      it('asked, then declined on the page: nothing ran', async () => {
        const token = await fresh(era);
        const caller = await callerOf(host, token);
        const { mcp, args, base } = await destructive(token, await apiToken());
        const pending = await mcp.callTool(host.destructive.tool, args);
        await mcp.cancelApproval(pending);
        const approval = pending.approval!.id;
        expect(await eventsOf(host, caller.client_id)).toEqual([
          expectedEvent(caller, era, { ...base, decision: 'confirmation_asked', outcome: 'not_run', approval_id: approval }),
          expectedEvent(caller, era, {
            ...base,
            decision: 'confirmation_declined',
            outcome: 'not_run',
            approval_id: approval,
            approved_by: caller.subject,
          }),
        ]);
      });

      it('asked, then expired: nothing ran', async () => {
        const token = await fresh(era);
        const caller = await callerOf(host, token);
        const { mcp, args, base } = await destructive(token, await apiToken());
        const pending = await mcp.callTool(host.destructive.tool, args);
        const approval = pending.approval!.id;
        await host.db
          .updateTable('mcp_approvals')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('id', '=', approval)
          .execute();
        await mcp.callTool(host.destructive.tool, args);
        expect(await eventsOf(host, caller.client_id)).toEqual([
          expectedEvent(caller, era, { ...base, decision: 'confirmation_asked', outcome: 'not_run', approval_id: approval }),
          expectedEvent(caller, era, { ...base, decision: 'confirmation_expired', outcome: 'not_run', approval_id: approval }),
        ]);
      });
    });

    it('sensitive arguments never reach the table, though they count in the digest', async () => {
      const token = await fresh(era);
      const caller = await callerOf(host, token);
      const mcp = await clientOf(host, token, era, false);
      const { tool, args, secret, stored } = host.sensitive;
      await mcp.callTool(tool, args);
      const [event] = await eventsOf(host, caller.client_id);
      expect(event).toMatchObject({ tool, arguments: stored, arguments_digest: digestOf(args) });
      const rows = await host.db.selectFrom('audit_events').selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain(secret);
    });

    it('a sink that throws leaves the answer byte-identical, and is counted', async () => {
      const token = await fresh(era);
      const mcp = await clientOf(host, token, era);
      const sink = host.app.get(DatabaseAuditSink);
      const emitter = host.app.get(McpAuditEmitter, { strict: false });
      const calm = await mcp.send('tools/call', { name: host.missing.tool, arguments: host.missing.args });
      const failuresBefore = emitter.failures;
      const spy = jest.spyOn(sink, 'write').mockImplementation(() => {
        throw new Error('audit store down');
      });
      let broken;
      try {
        broken = await mcp.send('tools/call', { name: host.missing.tool, arguments: host.missing.args });
      } finally {
        spy.mockRestore();
      }
      expect(broken.status).toBe(calm.status);
      expect(broken.text).toBe(calm.text);
      expect(emitter.failures).toBe(failuresBefore + 1);
    });
  });

  it('era 2026 in the chat: asked, approved, replayed, declined', async () => {
    const rerunnable = host.destructive.rerunnable;
    // Billing's chat-confirmable tools act on invoices and subscriptions; its link steps are covered above.
    if (!host.destructive.elicitation || !rerunnable) return;
    const token = await fresh('2026');
    const caller = await callerOf(host, token);
    const mcp = await clientOf(host, token, '2026');
    const apiToken = await host.token('org-a', 'owner', { clientId: 'rest', audience: 'api' });
    const args = await rerunnable.target(apiToken);
    const base = { tool: rerunnable.tool, arguments: args, arguments_digest: digestOf(args), outcome: 'not_run' };
    const pending = await mcp.callTool(rerunnable.tool, args);
    expect(pending.resultType).toBe('input_required');
    expect((await mcp.confirmWithElicitation(pending, 'accept')).isError).toBeFalsy();
    // The same accepted answer and requestState again: its nonce is spent, so the person is asked again.
    expect((await mcp.confirmWithElicitation(pending, 'accept')).resultType).toBe('input_required');
    const other = await host.destructive.target(apiToken);
    await mcp.confirmWithElicitation(await mcp.callTool(host.destructive.tool, other), 'decline');
    const otherBase = { tool: host.destructive.tool, arguments: other, arguments_digest: digestOf(other), outcome: 'not_run' };
    expect(await eventsOf(host, caller.client_id)).toEqual([
      expectedEvent(caller, '2026', { ...base, decision: 'confirmation_asked' }),
      expectedEvent(caller, '2026', { ...base, decision: 'confirmation_approved', outcome: 'success' }),
      expectedEvent(caller, '2026', { ...base, decision: 'confirmation_replayed' }),
      expectedEvent(caller, '2026', { ...otherBase, decision: 'confirmation_asked' }),
      expectedEvent(caller, '2026', { ...otherBase, decision: 'confirmation_declined' }),
    ]);
  });

  it('a destructive call whose arguments fail validation: invalid_arguments, the route’s status, nobody asked', async () => {
    for (const era of ERAS) {
      const token = await fresh(era);
      const caller = await callerOf(host, token);
      const args = { id: 'no-such-target' };
      const outcome = await (await clientOf(host, token, era, false)).callTool(host.destructive.tool, args);
      expect(outcome.approval).toBeUndefined();
      expect(await eventsOf(host, caller.client_id)).toEqual([
        expectedEvent(caller, era, {
          tool: host.destructive.tool,
          arguments: args,
          arguments_digest: digestOf(args),
          decision: 'invalid_arguments',
          outcome: 'error_result',
          status: 404,
        }),
      ]);
    }
  });
});
