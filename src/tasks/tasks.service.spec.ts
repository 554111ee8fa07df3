import { MCP_TOOL_METADATA } from '@kobana/mcp/testing';
import { openUnitWorld, UnitWorld } from '../../test/support/kadu-unit';
import { INVALID_CURSOR_MESSAGE } from '../common/pagination/cursor.codec';
import { CreateTaskDto } from './dto/create-task.dto';
import { TaskPermissionsService } from './task-permissions.service';
import { TasksService } from './tasks.service';

describe('TasksService', () => {
  let world: UnitWorld;
  let tasks: TasksService;
  let permissions: TaskPermissionsService;
  beforeEach(async () => {
    world = await openUnitWorld();
    tasks = new TasksService(world.db, world.idempotency);
    permissions = new TaskPermissionsService(world.db, world.idempotency);
  });
  afterEach(() => world.db.destroy());

  const dto = (fields: Partial<CreateTaskDto> = {}) => Object.assign(new CreateTaskDto(), { name: 'Categorize', ...fields });

  it('creates, gets, updates and soft-deletes, in snake_case', async () => {
    const owner = world.caller(world.orgA);
    const created = await tasks.create(owner, dto({ rules: [{ category: 'fees', match: 'Tarifa' }] }));
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Categorize',
      description: '',
      rules: [{ category: 'fees', match: 'Tarifa' }],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    await expect(tasks.get(owner, { id: created.id })).resolves.toEqual(created);
    const updated = await tasks.update(owner, { id: created.id, description: 'Monthly' });
    expect(updated).toMatchObject({ name: 'Categorize', description: 'Monthly', rules: created.rules });

    await expect(tasks.delete(owner, { id: created.id })).resolves.toEqual({ id: created.id, deleted_at: expect.any(String) });
    await expect(tasks.get(owner, { id: created.id })).rejects.toMatchObject({ status: 404 });
    await expect(tasks.update(owner, { id: created.id, name: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(tasks.delete(owner, { id: created.id })).rejects.toMatchObject({ status: 404 });
    expect((await tasks.list(owner, {})).data).toEqual([]);
    // The row stays for the executions that name it.
    expect(await world.db.selectFrom('tasks').select('deleted_at').where('id', '=', created.id).executeTakeFirst()).toEqual({
      deleted_at: expect.any(String),
    });
  });

  it("isolates organizations: B cannot see, get, update, delete or read permissions of A's task", async () => {
    const task = await tasks.create(world.caller(world.orgA), dto());
    const b = world.caller(world.orgB);
    expect((await tasks.list(b, {})).data).toEqual([]);
    for (const attempt of [
      () => tasks.get(b, { id: task.id }),
      () => tasks.update(b, { id: task.id, name: 'stolen' }),
      () => tasks.delete(b, { id: task.id }),
      () => permissions.get(b, { id: task.id }),
      () => permissions.update(b, { id: task.id, roles: ['viewer'] }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 404, response: { message: 'Task not found' } });
    }
    await expect(tasks.get(world.caller(world.orgA), { id: task.id })).resolves.toMatchObject({ name: 'Categorize' });
  });

  it('pages by cursor, newest first, and refuses a forged cursor', async () => {
    const owner = world.caller(world.orgA);
    for (let i = 0; i < 5; i++) await tasks.create(owner, dto({ name: `t${i}` }));
    const first = await tasks.list(owner, { limit: 2 });
    expect(first.data.map((task) => task.name)).toEqual(['t4', 't3']);
    expect(first.meta).toEqual({ next_cursor: expect.any(String), limit: 2 });
    const second = await tasks.list(owner, { limit: 2, cursor: first.meta.next_cursor! });
    const third = await tasks.list(owner, { limit: 2, cursor: second.meta.next_cursor! });
    expect([...second.data, ...third.data].map((task) => task.name)).toEqual(['t2', 't1', 't0']);
    expect(third.meta.next_cursor).toBeNull();
    expect((await tasks.list(owner, {})).meta.limit).toBe(25);
    await expect(tasks.list(owner, { cursor: 'Zm9yZ2Vk' })).rejects.toMatchObject({ status: 400, response: { message: INVALID_CURSOR_MESSAGE } });
  });

  it('a repeated idempotency_key creates one task', async () => {
    const owner = world.caller(world.orgA);
    const [one, two] = await Promise.all([tasks.create(owner, dto({ idempotency_key: 'k' })), tasks.create(owner, dto({ idempotency_key: 'k' }))]);
    expect(two).toEqual(one);
    expect((await tasks.list(owner, {})).data).toHaveLength(1);
    await expect(tasks.create(owner, dto({ name: 'other', idempotency_key: 'k' }))).rejects.toMatchObject({ status: 409 });
  });

  it('viewers may read but not write; only owners and admins change permissions', async () => {
    const task = await tasks.create(world.caller(world.orgA, 'operator'), dto());
    const viewer = world.caller(world.orgA, 'viewer');
    await expect(tasks.get(viewer, { id: task.id })).resolves.toBeDefined();
    await expect(tasks.create(viewer, dto())).rejects.toMatchObject({ status: 403 });
    await expect(permissions.update(world.caller(world.orgA, 'operator'), { id: task.id, roles: ['viewer'] })).rejects.toMatchObject({ status: 403 });
    await expect(permissions.get(viewer, { id: task.id })).resolves.toEqual({ task_id: task.id, roles: ['owner', 'admin', 'operator'], user_ids: [] });
    await expect(permissions.update(world.caller(world.orgA, 'admin'), { id: task.id, roles: ['admin'], user_ids: ['u1'] })).resolves.toEqual({
      task_id: task.id,
      roles: ['admin'],
      user_ids: ['u1'],
    });
  });

  it('declares the tools with their scopes and hints', () => {
    const meta = (method: keyof TasksService) => Reflect.getMetadata(MCP_TOOL_METADATA, TasksService.prototype[method]);
    expect(meta('list')).toMatchObject({ name: 'kadu_tasks_list', scopes: ['kadu:read'], annotations: { readOnlyHint: true } });
    expect(meta('delete')).toMatchObject({ name: 'kadu_tasks_delete', annotations: { destructiveHint: true } });
  });
});
