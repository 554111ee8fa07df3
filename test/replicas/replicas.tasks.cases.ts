/**
 * Kadu's runs as tasks (tasks extension) spread over the replicas: a task
 * created on one replica is read on a second, answered with tasks/update on
 * a third, and followed to completed on any; another's task is unknown on
 * every replica. The task lives in PostgreSQL only, so no replica needs the
 * one that created it.
 */
import { McpTasksWire } from '../support/mcp-tasks.wire';
import { rest, uploadCsv } from './replicas.client';
import { mintCaller, ReplicaCaller } from './replicas.callers';
import { ReplicaWorld } from './replicas.support';

const CSV = 'date,description,amount\n2026-01-02,Tarifa bancaria,-12.50\n2026-01-03,PIX recebido,100.00\n';

/** Declares the cases; `world` is read when they run (the spec's `beforeAll` builds it). */
export function tasksCases(world: () => ReplicaWorld): void {
  let person: ReplicaCaller;
  let stranger: ReplicaCaller;
  const wire = (index: number, token = person.mcp) => new McpTasksWire(`${world().replicas[index].baseUrl}/mcp`, token);

  beforeAll(async () => {
    person = await mintCaller(world().db, 'tasks-person');
    stranger = await mintCaller(world().db, 'tasks-stranger');
  });

  it('tasks: created on one replica, read on a second, answered on a third, completed on any; unknown to another organization everywhere', async () => {
    const task = await rest(world().replicas[0], person.api, 'POST', '/tasks', { name: 'Half known', rules: [{ category: 'fees', match: 'tarifa' }] });
    const [first, second, third] = world().replicas;
    const fileId = await uploadCsv([first, second, third], { api: person.api, mcp: person.mcp }, 'jan.csv', CSV);
    const created = await wire(0).callTool('kadu_tasks_run', { id: task.body.id, input_file_ids: [fileId] });
    expect(created.body.result).toMatchObject({ resultType: 'task', status: 'working' });
    const taskId = created.body.result!.taskId as string;

    const waiting = await wire(1).until(taskId, ['input_required']);
    const [key] = Object.keys(waiting.inputRequests);
    const ack = await wire(2).request('tasks/update', { taskId, inputResponses: { [key]: { action: 'accept', content: { line_2: 'income' } } } });
    expect(ack.body.result).toMatchObject({ resultType: 'complete' });
    const done = await wire(0).until(taskId, ['completed', 'failed', 'cancelled']);
    expect(done).toMatchObject({ status: 'completed', result: { structuredContent: { status: 'succeeded', result: { lines: 2 } } } });
    for (const index of [1, 2]) expect((await wire(index).request('tasks/get', { taskId })).body.result).toEqual(done);

    for (const index of [0, 1, 2]) {
      const refused = await wire(index, stranger.mcp).request('tasks/get', { taskId });
      expect({ status: refused.status, error: refused.body.error }).toEqual({
        status: 400,
        error: { code: -32602, message: 'Failed to retrieve task: Task not found' },
      });
    }
  });
}
