/**
 * Helpers for unit specs of the task and execution services: a migrated
 * in-memory database with two organizations, callers of any role, ready
 * files in the `files` table, and an in-memory {@link ExecutionFiles}.
 */
import { NotFoundException } from '@nestjs/common';
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { McpCaller } from '@kobana/mcp';
import { IdempotencyService } from '@kobana/idempotency';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { ExecutionFiles, ExecutionInputFile, ExecutionOutputFile } from '../../src/executions/execution-files.interface';
import { IdentityService } from '@kobana/identity';
import { PlanName } from '../../src/organizations/plan-catalog.constants';
import { openTestDatabase } from './test-database';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../../src/kadu.host';

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

/** A database with organizations `a` (plan `plan`) and `b`. */
export interface UnitWorld {
  db: Kysely<KaduDatabase>;
  idempotency: IdempotencyService<KaduDatabase>;
  orgA: string;
  orgB: string;
  /** A caller of `organizationId` with one role; subject `<role>-<organization>` unless given. */
  caller(organizationId: string, role?: string, subject?: string): McpCaller;
}

/** Opens the world; `destroy()` its `db` after. */
export async function openUnitWorld(plan: PlanName = 'free'): Promise<UnitWorld> {
  const db = await openTestDatabase();
  const identity = new IdentityService(db, KADU_IDENTITY_OPTIONS);
  const a = await identity.ensureOrganization('org-a', { name: 'A', plan });
  const b = await identity.ensureOrganization('org-b', { name: 'B', plan });
  return {
    db,
    idempotency: new IdempotencyService(db),
    orgA: a.id,
    orgB: b.id,
    caller: (organizationId, role = 'owner', subject = `${role}-${organizationId}`) => ({
      subject,
      organization_id: organizationId,
      client_id: 'test-client',
      scopes: ['kadu:read', 'kadu:write', 'kadu:run'],
      roles: [role],
    }),
  };
}

/** Files kept in memory; `put` also inserts the ready row `kadu_tasks_run` checks. */
export class MemoryExecutionFiles implements ExecutionFiles {
  readonly stored = new Map<string, { organizationId: string; filename: string; bytes: Buffer }>();

  constructor(private readonly db: Kysely<KaduDatabase>) {}

  async put(organizationId: string, filename: string, content: string): Promise<string> {
    const id = randomUUID();
    const now = new Date().toISOString();
    await this.db
      .insertInto('files')
      .values({
        id,
        organization_id: organizationId,
        filename,
        content_type: 'text/csv',
        size: Buffer.byteLength(content),
        status: 'ready',
        source: 'upload',
        sha256: null,
        upload_expires_at: null,
        created_at: now,
        uploaded_at: now,
        ready_at: now,
        deleted_at: null,
      })
      .execute();
    this.stored.set(id, { organizationId, filename, bytes: Buffer.from(content, 'utf8') });
    return id;
  }

  async read(organizationId: string, fileId: string): Promise<ExecutionInputFile> {
    const file = this.stored.get(fileId);
    if (!file || file.organizationId !== organizationId) throw new NotFoundException('File not found');
    return { id: fileId, filename: file.filename, bytes: file.bytes };
  }

  async write(organizationId: string, file: ExecutionOutputFile): Promise<{ id: string }> {
    const id = randomUUID();
    this.stored.set(id, { organizationId, filename: file.filename, bytes: file.bytes });
    return { id };
  }
}
