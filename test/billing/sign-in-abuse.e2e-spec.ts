/** Billing's sign-in, sign-out and page POSTs against abuse (issue 16), over real HTTP: the same cases as Kadu's. */
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { ConnectedAppsService, runPasswordReset } from '@kobana/oauth';
import { BillingDatabase } from '../../apps/billing/database/billing-database.interface';
import { describeSignInAbuse } from '../support/sign-in-abuse.cases';
import { Json, rpc2025, startBilling } from './billing-app';
import { HOST_DATABASE as BILLING_DATABASE } from '@kobana/platform';

jest.setTimeout(60_000);

describeSignInAbuse('Billing', async () => {
  const billing = await startBilling();
  const token = await billing.token('org-a', 'owner');
  const user = await billing.identity.ensureUser(await billing.identity.ensureOrganization('org-a'), 'owner');
  const person = { email: user.email, password: 'pw-owner-a-0123456789' };
  await billing.identity.setPassword(user.id, person.password);
  const db = billing.app.get<Kysely<BillingDatabase>>(BILLING_DATABASE);
  // Each approval deletes a customer of its own (a CNPJ of 14 digits, unique in the organization).
  let customers = 0;
  return {
    baseUrl: billing.baseUrl,
    cookieName: 'kbill_session',
    identity: billing.identity,
    person,
    approvalId: async () => {
      // A customer of the caller's organization: a destructive call naming another id is refused before anyone is asked.
      const created = await rpc2025(billing, token, 'tools/call', {
        name: 'billing_customers_create',
        arguments: { name: `Padaria ${randomUUID()}`, document: String(10_000_000_000_000 + ++customers), email: 'contas@padaria.test' },
      });
      const id = (created.body.result.structuredContent as Json).id as string;
      const answer = await rpc2025(billing, token, 'tools/call', { name: 'billing_customers_delete', arguments: { id } });
      return (answer.body.result.structuredContent as Json).approval_id as string;
    },
    approvalStatus: async (id) => (await db.selectFrom('mcp_approvals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    // Billing's `password reset` command, as an operator runs it.
    resetPassword: () =>
      runPasswordReset({ identity: billing.identity, apps: billing.app.get(ConnectedAppsService) }, user.email, { out: () => undefined, err: () => undefined }),
    clearThrottles: async () => {
      await db.deleteFrom('sign_in_throttles').execute();
    },
    close: () => billing.close(),
  };
});
