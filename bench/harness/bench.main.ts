/**
 * `npm run bench`: every server on loopback, interleaved loads, one table.
 * Flags: --duration <s> --rounds <n> --connections <n> --warmup <s> --rewarm <s> --only <id,id>;
 * `--profile` instead profiles targets of one server under load (`--only`; the module's echo by default; see bench.profile.ts);
 * `--check` also holds each module row to its target (bench.check.ts) and exits 1 when one misses.
 */
import { checkRows } from './bench.check';
import { parseBenchConfig } from './bench.config';
import { describeCpuPlan, describeMachine, planCpus } from './bench.machine';
import { profileModule } from './bench.profile';
import { runBench } from './bench.run';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const config = parseBenchConfig(argv);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  if (argv.includes('--profile')) {
    process.stdout.write(`${await profileModule(config, log)}\n`);
    return;
  }
  const cpus = planCpus();
  const report = await runBench(config, { log, cpus });
  process.stdout.write(
    `\nMachine: ${describeMachine()}; ${describeCpuPlan(cpus)}\n` +
      `Load: autocannon, ${config.connections} connections, ${config.durationSec} s per target per round, ${config.rounds} interleaved rounds (medians); RSS: peak during the load\n\n` +
      `${report.table}\n`,
  );
  if (argv.includes('--check')) {
    const check = checkRows(report.rows);
    process.stdout.write(`\nTargets (medians of this run, ${config.rounds} round(s)):\n${check.lines.join('\n')}\n`);
    if (!check.passed) {
      process.stderr.write('A module row missed its target.\n');
      process.exitCode = 1;
    }
  }
  if (!report.allCorrect) {
    process.stderr.write('Some responses were not the correct result: the numbers above do not count.\n');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
