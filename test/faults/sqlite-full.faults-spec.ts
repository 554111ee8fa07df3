/**
 * One replica of the built Kadu (NODE_ENV=production) on SQLite, its database
 * on a small tmpfs that a file fills up under a steady load, then freed.
 * Mounting needs root (CI runs as root). The table is written to
 * `<temp>/kadu-faults/sqlite-full.txt`.
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Replica, startReplica } from '../replicas/replica.process';
import { Fault, FaultTarget, measureFault, TableReader } from './faults.case';
import { expectSurvived } from './faults.expectations';
import { KNOWN_FAILING, runsCase } from './faults.known-failing';
import { delay, prepareCaller } from './faults.load';
import { FaultRow, publishTable } from './faults.report';
import { assertBuilt, KADU_DIST_MAIN, productionEnv, stopReplica } from './faults.world';

jest.setTimeout(180_000);

/** Room for the migrated database and the case's rows, small enough to fill in a moment. */
const TMPFS_SIZE = '24m';
const FULL_MS = 3000;
const FILL_CHUNK = Buffer.alloc(1024 * 1024);
const NAME = 'SQLite disk full 3 s';

describe('faults: one replica of the build on SQLite on a small tmpfs', () => {
  let mountDir: string;
  let filesDir: string;
  let replica: Replica;
  let databaseFile: string;
  const rows: FaultRow[] = [];

  beforeAll(async () => {
    if (!runsCase(NAME)) return;
    assertBuilt();
    if (process.getuid?.() !== 0) throw new Error('Mounting a tmpfs needs root (CI runs as root)');
    mountDir = mkdtempSync(join(tmpdir(), 'kadu-faults-sqlite-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', mountDir]);
    filesDir = mkdtempSync(join(tmpdir(), 'kadu-faults-files-'));
    databaseFile = join(mountDir, 'kadu.sqlite');
    replica = await startReplica('sqlite', productionEnv({ DATABASE_URL: `sqlite:${databaseFile}`, KADU_FILES_DIR: filesDir }), undefined, KADU_DIST_MAIN);
  });

  afterAll(async () => {
    publishTable('sqlite-full', rows);
    if (replica) await stopReplica(replica);
    if (mountDir) {
      execFileSync('umount', [mountDir]);
      rmSync(mountDir, { recursive: true, force: true });
    }
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  const fault: Fault = {
    name: NAME,
    readinessDown: true,
    inject: async () => {
      // Fills what is left of the tmpfs: the database's next page has nowhere to go.
      const filler = join(mountDir, 'filler');
      const fd = openSync(filler, 'w');
      try {
        for (;;) writeSync(fd, FILL_CHUNK);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
      try {
        await delay(FULL_MS);
      } finally {
        rmSync(filler, { force: true });
      }
    },
  };

  (runsCase(NAME) ? it : it.skip)(KNOWN_FAILING[NAME] ? `${NAME} (known failing: ${KNOWN_FAILING[NAME]})` : NAME, async () => {
    const target: FaultTarget = { baseUrl: () => replica.baseUrl, replicas: () => [replica], tables: sqliteTables(databaseFile) };
    const caller = await prepareCaller(`sqlite:${databaseFile}`, replica.baseUrl, `sqlite-${Date.now().toString(36)}`);
    const measure = await measureFault(target, caller, fault);
    rows.push(measure.row);
    process.stdout.write(`${NAME}: ${JSON.stringify(measure.row)}\n`);
    expectSurvived(measure, fault, [replica]);
  });
});

/** Reads the case's rows with a read-only connection of its own per read. */
function sqliteTables(file: string): TableReader {
  const read = <T>(statement: string, organizationId: string): T[] => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      return db.prepare(statement).all(organizationId) as T[];
    } finally {
      db.close();
    }
  };
  return {
    taskNames: async (organizationId) => read<{ name: string }>('select name from tasks where organization_id = ?', organizationId).map((row) => row.name),
    executions: async (organizationId) => read<{ id: string; status: string }>('select id, status from executions where organization_id = ?', organizationId),
  };
}
