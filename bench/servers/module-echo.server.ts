/**
 * The module's fixture host: the echo as an `@McpTool` service method, plus
 * `BENCH_EXTRA_TOOLS` generated tools (for the `tools/list` rows; declared
 * with Zod schemas when `BENCH_GENERATED_SCHEMAS=zod`), behind
 * McpModule with the route's validation options; on Express, or on Fastify
 * with `BENCH_HTTP_ADAPTER=fastify` (the module's Fastify transport rows).
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { McpModule } from '@kobana/mcp';
import type { McpRateLimitOptions } from '@kobana/mcp';
import { BenchVerifier } from './bench.verifier';
import { BENCH_VALIDATION } from './bench.validation';
import { EchoService } from './echo.tool';
import { BudgetEchoService } from './budget-echo.tool';
import { generatedToolsProvider } from './generated.tools';
import { failStart, listenAndReport } from './server.ipc';
import { startBenchTracing } from './bench.tracing';

/**
 * The limiter keeps its defaults (its check is part of every served call);
 * `BENCH_CONFIRMATIONS=1` (the confirmation rows' host) allows 60,000 writes
 * a minute per caller, as a destructive tool counts as a write (120 by
 * default) and the asking is served at thousands a second over 1,024
 * callers: the same check, a window that does not fill;
 * `BENCH_RATE_LIMITED=1` instead allows one read an hour, so every later call
 * takes the rate-limited path; `BENCH_BUDGETS=1` allows 600 reads and 60,000
 * writes a minute per caller (the budget rows: `echo` and `echo_counted`),
 * counted by `@nestjs/throttler`'s exact-log store instead of the module's
 * with `BENCH_THROTTLER_STORE=1` (the store the module used before, for a
 * before/after in one run).
 */
function benchRateLimit(): McpRateLimitOptions | undefined {
  if (process.env.BENCH_RATE_LIMITED === '1') return { read: { limit: 1, ttlMs: 3_600_000 } };
  if (process.env.BENCH_CONFIRMATIONS === '1') return { write: { limit: 60_000, ttlMs: 60_000 } };
  if (process.env.BENCH_BUDGETS !== '1') return undefined;
  const storage = process.env.BENCH_THROTTLER_STORE === '1' ? new ThrottlerStorageService() : undefined;
  return { read: { limit: 600, ttlMs: 60_000 }, write: { limit: 60_000, ttlMs: 60_000 }, ...(storage ? { storage } : {}) };
}

async function main(): Promise<void> {
  startBenchTracing();
  const extra = Number(process.env.BENCH_EXTRA_TOOLS ?? 0);
  const rateLimit = benchRateLimit();
  const budgets = process.env.BENCH_BUDGETS === '1' ? [BudgetEchoService] : [];
  @Module({
    providers: [EchoService, ...budgets, BenchVerifier, generatedToolsProvider(extra, process.env.BENCH_GENERATED_SCHEMAS === 'zod' ? 'zod' : 'class')],
    exports: [BenchVerifier],
  })
  class EchoToolsModule {}

  @Module({
    imports: [
      EchoToolsModule,
      McpModule.forRootAsync({
        path: '/mcp',
        imports: [EchoToolsModule],
        inject: [BenchVerifier],
        useFactory: (verifier: BenchVerifier) => ({
          serverInfo: { name: 'bench', version: '1.0.0' },
          verifier,
          publicUrl: 'http://127.0.0.1',
          validation: BENCH_VALIDATION,
          // Longer than a full run: the confirmation rows keep asking about the same pending approvals,
          // which would otherwise expire mid-run (a correct "expired" answer, but not the row measured).
          approvalTtlSeconds: 3600,
          ...(rateLimit ? { rateLimit } : {}),
        }),
      }),
    ],
  })
  class ModuleEchoHost {}

  const fastify = process.env.BENCH_HTTP_ADAPTER === 'fastify';
  const app = fastify
    ? await NestFactory.create(ModuleEchoHost, new FastifyAdapter(), { logger: ['error'] })
    : await NestFactory.create(ModuleEchoHost, { logger: ['error'] });
  await app.init();
  // Fastify builds its routes on `ready()`, which its own `listen()` would call; the harness listens on the Node server.
  if (fastify) await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready();
  await listenAndReport(app.getHttpServer());
}

main().catch(failStart);
