/**
 * The real Kadu (the application `npm start` runs) on a fresh SQLite file,
 * with MCP tokens and an API token of the same organization and role, so
 * each tool and its `/api/v1` route run the same service method for the same
 * caller: viewers for the reads, operators for the task update. The ten
 * tasks the task rows read and change are created here, before any load.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setKaduServerEnv } from './kadu-server.env';
import { failStart, listenAndReport } from './server.ipc';

/** Callers the MCP load rotates over: 1024 × 600 calls a minute (10,240 a second) is far above what two cores serve. */
const KADU_BENCH_CLIENTS = 1024;
/** Tasks present for `kadu_tasks_list` (`limit: 10`) and `GET /api/v1/tasks?limit=10`. */
const KADU_BENCH_TASKS = 10;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kadu-bench-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  setKaduServerEnv(`sqlite:${join(dataDir, 'kadu.sqlite')}`);
  // Required after the environment is set: Kadu reads its configuration when its modules load.
  const { createHostApp } = await import('@kobana/platform');
  const { KADU } = await import('../../src/kadu.host');
  const { IdentityService } = await import('@kobana/identity');
  const { TasksService } = await import('../../src/tasks/tasks.service');
  const { CreateTaskDto } = await import('../../src/tasks/dto/create-task.dto');
  const app = await createHostApp(KADU, { logger: ['error'] });
  await app.init();
  const identity = app.get(IdentityService);
  // Kadu keeps its production limits (600 reads a minute per caller: organization, user, OAuth client), so the
  // load rotates over callers that differ only by OAuth client, enough that no window fills.
  const mcpTokens: string[] = [];
  for (let client = 0; client < KADU_BENCH_CLIENTS; client++) {
    const created = await identity.createToken({ organization: 'bench', role: 'viewer', scopes: ['kadu:read'], clientId: `bench-${client}` });
    mcpTokens.push(created.token);
  }
  const apiToken = (await identity.createToken({ organization: 'bench', role: 'viewer', audience: 'api' })).token;
  // Writers: 1024 × 120 writes a minute, the same rotation for the update rows. They are operators of another
  // organization, whose one task they change: the reads' answers (updated_at) stay the same bytes all run.
  const writeScopes = ['kadu:read', 'kadu:write'];
  const mcpWriteTokens: string[] = [];
  for (let client = 0; client < KADU_BENCH_CLIENTS; client++) {
    const created = await identity.createToken({ organization: 'bench-writes', role: 'operator', scopes: writeScopes, clientId: `bench-writer-${client}` });
    mcpWriteTokens.push(created.token);
  }
  const apiWriter = await identity.createToken({ organization: 'bench-writes', role: 'operator', audience: 'api', scopes: writeScopes });
  const tasks = app.get(TasksService);
  const createTask = async (organizationId: string, userId: string, name: string) => {
    const caller = { subject: userId, organization_id: organizationId, client_id: 'bench', scopes: writeScopes, roles: ['operator'] };
    return (await tasks.create(caller, Object.assign(new CreateTaskDto(), { name, rules: [{ category: 'fees', match: 'tarifa' }] }))).id;
  };
  const reader = await identity.createToken({ organization: 'bench', role: 'operator', scopes: writeScopes, clientId: 'bench-seed' });
  let taskId = '';
  for (let index = 0; index < KADU_BENCH_TASKS; index++) taskId = await createTask(reader.record.organization_id, reader.record.user_id, `Bench task ${index}`);
  const writeTaskId = await createTask(apiWriter.record.organization_id, apiWriter.record.user_id, `Bench task ${KADU_BENCH_TASKS - 1}`);
  await listenAndReport(app.getHttpServer(), {
    mcpTokens: mcpTokens.join(' '),
    apiToken,
    mcpWriteTokens: mcpWriteTokens.join(' '),
    apiWriteToken: apiWriter.token,
    taskId,
    writeTaskId,
  });
}

main().catch(failStart);
