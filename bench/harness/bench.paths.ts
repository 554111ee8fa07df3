import { join } from 'node:path';

/** The repository root: servers run from it, so `@kobana/mcp` and `src/` resolve as in `npm start`. */
export const ROOT_DIR = join(__dirname, '..', '..');
/** bench/, with its own package.json and node_modules for the peers and the load tool. */
export const BENCH_DIR = join(ROOT_DIR, 'bench');
/** Where the TypeScript hosts are compiled (ignored by git as every `dist/`). */
export const BUILD_DIR = join(BENCH_DIR, 'dist');
