/** Kadu's sign-in, sign-out and page POSTs against abuse (issue 16), over real HTTP. */
import { randomUUID } from 'node:crypto';
import { ConnectedAppsService, runPasswordReset } from '@kobana/oauth';
import { describeSignInAbuse } from '../support/sign-in-abuse.cases';
import { startKadu } from '../support/kadu-app';

jest.setTimeout(60_000);

describeSignInAbuse('Kadu', async () => {
  const kadu = await startKadu();
  const person = { email: 'operator@org-a.test', password: 'pw-operator-0123456789' };
  const token = await kadu.token('org-a', 'operator', { email: person.email });
  await kadu.identity.setPassword((await kadu.identity.findUserByEmail(person.email))!.id, person.password);
  return {
    baseUrl: kadu.baseUrl,
    cookieName: 'kadu_session',
    identity: kadu.identity,
    person,
    approvalId: async () => {
      // A task of the caller's organization: a destructive call naming another id is refused before anyone is asked.
      const call = async (name: string, args: object) => {
        const res = await fetch(kadu.mcpUrl, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
        });
        return ((await res.json()) as { result: { structuredContent: { id: string; approval_id: string } } }).result.structuredContent;
      };
      const task = await call('kadu_tasks_create', { name: `Statement ${randomUUID()}`, rules: [{ category: 'fees', match: 'tarifa' }] });
      return (await call('kadu_tasks_delete', { id: task.id })).approval_id;
    },
    approvalStatus: async (id) => (await kadu.db.selectFrom('mcp_approvals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    // Kadu's `password reset` command, as an operator runs it.
    resetPassword: () =>
      runPasswordReset({ identity: kadu.identity, apps: kadu.app.get(ConnectedAppsService) }, person.email, { out: () => undefined, err: () => undefined }),
    clearThrottles: async () => {
      await kadu.db.deleteFrom('sign_in_throttles').execute();
    },
    close: () => kadu.close(),
  };
});
