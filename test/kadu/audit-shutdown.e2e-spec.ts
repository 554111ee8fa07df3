/**
 * The audit events still queued when Kadu closes are written: the sink
 * drains in `beforeApplicationShutdown`, and the host's database closes in
 * the last phase, `onApplicationShutdown`. Closed in the other order, the
 * drain met a destroyed driver and the events of the last requests were lost
 * ("The audit sink failed to write an event (driver has already been destroyed)").
 */
import { sql } from 'kysely';
import { auditEventOf, auditSinkOf } from '../support/audit-events.seed';
import { startKadu } from '../support/kadu-app';

jest.setTimeout(60_000);

describe('Kadu at shutdown', () => {
  it('writes the audit events it still holds while its database is open, then closes the database', async () => {
    const kadu = await startKadu();
    const replica: { close: () => Promise<void> } = { close: async () => undefined };
    try {
      const organization = await kadu.identity.ensureOrganization('org-shutdown');
      const sink = auditSinkOf(kadu.app);
      const drain = sink.beforeApplicationShutdown.bind(sink);
      let openAtDrain: boolean | undefined;
      jest.spyOn(sink, 'beforeApplicationShutdown').mockImplementation(async () => {
        openAtDrain = await sql`select 1`.execute(kadu.db).then(
          () => true,
          () => false,
        );
        return drain();
      });

      const held = Array.from({ length: 5 }, () => auditEventOf(organization.id));
      const written = held.map((item) => sink.write(item));
      for (const write of written) write.catch(() => undefined); // asserted below, after close
      await kadu.app.close();

      expect(openAtDrain).toBe(true);
      await expect(Promise.all(written)).resolves.toBeDefined();
      // Read back through a second Kadu on the same data: every held event is in the table.
      const reader = await startKadu({ databaseUrl: kadu.databaseUrl });
      replica.close = () => reader.app.close();
      const rows = await reader.db
        .selectFrom('audit_events' as never)
        .select('id' as never)
        .where('organization_id' as never, '=', organization.id as never)
        .execute();
      expect((rows as Array<{ id: string }>).map((row) => row.id).sort()).toEqual(held.map((item) => item.id).sort());
    } finally {
      await replica.close();
      // Deletes the data (the application is closed already).
      await kadu.close().catch(() => undefined);
    }
  });
});
