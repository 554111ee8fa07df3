/**
 * Confirmations of destructive tools (docs/protocol.md §7) spread over the replicas:
 * an era-2026 `input_required` issued by one replica and answered on
 * another, its `requestState` replayed on a third; and an era-2025 approval
 * link created on one replica, approved through a second's page and consumed
 * on a third. Whatever one replica signs or records, the others honour once.
 */
import { rest, uploadCsv } from './replicas.client';
import { decideApproval, signIn } from './replicas.approval';
import { mintCaller, ReplicaCaller } from './replicas.callers';
import { toolCall } from './replicas.mcp';
import { ReplicaWorld } from './replicas.support';

const RULES = [{ category: 'fees', match: 'tarifa' }];
const ACCEPT = { confirm: { action: 'accept', content: { confirm: true } } };
const DECLINE = { confirm: { action: 'decline' } };

/** Declares the cases; `world` is read when they run (the spec's `beforeAll` builds it). */
export function confirmationCases(world: () => ReplicaWorld): void {
  let person: ReplicaCaller;
  const replica = (index: number) => world().replicas[index];
  const newTask = async (name: string) => {
    const created = await rest(replica(0), person.api, 'POST', '/tasks', { name, rules: RULES });
    if (created.status !== 201) throw new Error(`create ${name}: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id as string;
  };
  const deletedAt = async (id: string) => (await world().db.selectFrom('tasks').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at;

  beforeAll(async () => {
    person = await mintCaller(world().db, 'conversation');
  });

  it('era 2026: input_required issued by one replica, confirmed on a second (runs once), replayed on a third (asked again)', async () => {
    const id = await newTask('Doomed');
    // With an idempotency_key, as a client that retries does: the replay below is then still a valid call (it would
    // answer the stored result), so what stops it is the spent nonce, not the task being gone.
    const args = { id, idempotency_key: 'doomed-1' };
    const asked = await toolCall(replica(0), person.mcp, '2026', 'kadu_tasks_delete', args);
    expect(asked.status).toBe(200);
    expect(asked.body.result).toEqual({
      resultType: 'input_required',
      inputRequests: {
        confirm: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Delete a task: task "Doomed" ("tarifa" → fees). This cannot be undone. Continue?',
            requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Continue' } }, required: ['confirm'] },
          },
        },
      },
      requestState: expect.any(String),
      _meta: expect.any(Object),
    });
    const retry = { inputResponses: ACCEPT, requestState: asked.body.result.requestState as string };

    const confirmed = await toolCall(replica(1), person.mcp, '2026', 'kadu_tasks_delete', args, { retry });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toMatchObject({ resultType: 'complete', structuredContent: { id, deleted_at: expect.any(String) } });
    const deleted = confirmed.body.result.structuredContent.deleted_at as string;
    expect(await deletedAt(id)).toBe(deleted);
    // The nonce replica b spent is a row every replica reads.
    const { nonce } = JSON.parse(Buffer.from(retry.requestState.split('.')[0], 'base64url').toString('utf8')) as { nonce: string };
    expect(await world().db.selectFrom('mcp_confirmation_nonces').select('nonce').where('nonce', '=', nonce).execute()).toEqual([{ nonce }]);

    const replayed = await toolCall(replica(2), person.mcp, '2026', 'kadu_tasks_delete', args, { retry });
    expect(replayed.status).toBe(200);
    expect(replayed.body.result).toMatchObject({ resultType: 'input_required', requestState: expect.any(String) });
    expect(replayed.body.result.requestState).not.toBe(retry.requestState);
    expect(await deletedAt(id)).toBe(deleted);
  });

  it('era 2026: a decline sent to another replica does nothing', async () => {
    const id = await newTask('Spared');
    const asked = await toolCall(replica(1), person.mcp, '2026', 'kadu_tasks_delete', { id });
    expect(asked.body.result.resultType).toBe('input_required');
    const declined = await toolCall(
      replica(2),
      person.mcp,
      '2026',
      'kadu_tasks_delete',
      { id },
      {
        retry: { inputResponses: DECLINE, requestState: asked.body.result.requestState },
      },
    );
    expect(declined.status).toBe(200);
    expect(declined.body.result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'Cancelled, nothing was done: the person did not confirm Delete a task.' }],
      isError: true,
    });
    expect(await deletedAt(id)).toBeNull();
    const listed = await rest(replica(0), person.api, 'GET', `/tasks/${id}`);
    expect(listed).toMatchObject({ status: 200, body: { id, name: 'Spared' } });
  });

  it('era 2025: an approval link created on one replica, approved on a second, is consumed once on a third', async () => {
    const taskId = await newTask('Approved run');
    const fileId = await uploadedFile();
    const args = { id: taskId, input_file_ids: [fileId] };
    const runs = async () =>
      Number(
        (
          await world()
            .db.selectFrom('executions')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('task_id', '=', taskId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    const first = await toolCall(replica(0), person.mcp, '2025', 'kadu_tasks_run', args);
    const link = first.body.result.structuredContent as { status: string; approval_id: string; approval_url: string };
    expect(link).toMatchObject({ status: 'approval_required', approval_id: expect.any(String) });
    expect(link.approval_url).toBe(`${replica(0).baseUrl}/approvals/${link.approval_id}`);

    const cookie = await signIn(replica(1), person.email, person.password);
    expect(await decideApproval(replica(1), cookie, link.approval_url, 'continue')).toEqual({ status: 303, location: `/approvals/${link.approval_id}` });
    expect(await runs()).toBe(0);

    const ran = await toolCall(replica(2), person.mcp, '2025', 'kadu_tasks_run', args);
    expect(ran.body.result.structuredContent).toMatchObject({ task_id: taskId, status: 'queued' });
    expect(await runs()).toBe(1);
    const approval = await world()
      .db.selectFrom('mcp_approvals')
      .select(['status', 'decided_by', 'consumed_at'])
      .where('id', '=', link.approval_id)
      .executeTakeFirstOrThrow();
    expect(approval).toEqual({ status: 'consumed', decided_by: person.caller.subject, consumed_at: expect.any(String) });

    // The same call once more is a new call: it needs a new approval, and runs nothing meanwhile.
    const again = await toolCall(replica(0), person.mcp, '2025', 'kadu_tasks_run', args);
    expect(again.body.result.structuredContent).toMatchObject({ status: 'approval_required', approval_id: expect.any(String) });
    expect(again.body.result.structuredContent.approval_id).not.toBe(link.approval_id);
    expect(await runs()).toBe(1);
  });

  /** A ready CSV in the person's organization, uploaded over the three replicas. */
  async function uploadedFile(): Promise<string> {
    return uploadCsv(
      [replica(0), replica(1), replica(2)],
      { api: person.api, mcp: person.mcp },
      'approved.csv',
      'date,description,amount\n2026-01-02,Tarifa,-1.50\n',
    );
  }
}
