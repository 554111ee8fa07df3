/** How one benchmark run is shaped. */
export interface BenchConfig {
  /** Seconds of load per target per round. @default 10 */
  durationSec: number;
  /** Interleaved rounds (A B C A B C …); the table shows medians over them. @default 3 */
  rounds: number;
  /** Concurrent connections autocannon keeps open. @default 32 */
  connections: number;
  /** Unmeasured seconds per target before the first round (JIT, caches). @default 2 */
  warmupSec: number;
  /**
   * Unmeasured seconds of the same target right before each measured load.
   * A server left idle while the other targets run shrinks its heap and lets
   * V8 age out compiled code, so without it the first target of each server
   * in a round pays for warming it up again and the next one does not.
   * @default 1
   */
  rewarmSec: number;
  /** Only these target ids (all when empty). */
  only: string[];
}

export const DEFAULT_BENCH_CONFIG: Readonly<BenchConfig> = Object.freeze({
  durationSec: 10,
  rounds: 3,
  connections: 32,
  warmupSec: 2,
  rewarmSec: 1,
  only: [],
});

/** Upper bounds, so a typo cannot start a run of hours. */
const LIMITS = { durationSec: 120, rounds: 10, connections: 256, warmupSec: 30, rewarmSec: 30 } as const;

/** Reads `--duration 10 --rounds 3 --connections 32 --warmup 2 --rewarm 1 --only a,b` (each also as `BENCH_DURATION`, …). */
export function parseBenchConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const flag = (name: string): string | undefined => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : env[`BENCH_${name.toUpperCase()}`];
  };
  const number = (name: string, key: keyof typeof LIMITS, min: number): number => {
    const raw = flag(name);
    if (raw === undefined) return DEFAULT_BENCH_CONFIG[key];
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > LIMITS[key]) {
      throw new Error(`--${name} must be a number from ${min} to ${LIMITS[key]}, got "${raw}"`);
    }
    return value;
  };
  return {
    durationSec: number('duration', 'durationSec', 1),
    rounds: Math.floor(number('rounds', 'rounds', 1)),
    connections: Math.floor(number('connections', 'connections', 1)),
    warmupSec: number('warmup', 'warmupSec', 0),
    rewarmSec: number('rewarm', 'rewarmSec', 0),
    only: (flag('only') ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  };
}
