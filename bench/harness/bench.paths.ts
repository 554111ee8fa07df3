import { join } from 'node:path';

/** The repository root: servers run from it, so `@kobana/mcp` and `src/` resolve as in `npm start`. */
export const ROOT_DIR = join(__dirname, '..', '..');
/** bench/, with its own package.json and node_modules for the peers and the load tool. */
export const BENCH_DIR = join(ROOT_DIR, 'bench');
/**
 * Where the TypeScript hosts are compiled: under the root's node_modules, so
 * a compiled host resolves its packages from the root, as `npm start` does,
 * never a different version that bench/node_modules holds for the load tool
 * (autocannon brings uuid 8, the module needs 11).
 */
export const BUILD_DIR = join(ROOT_DIR, 'node_modules', '.cache', 'kobana-bench');
