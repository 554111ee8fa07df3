import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { randomBytes } from 'crypto';
import { ConformanceModule } from './conformance.module';

/**
 * Starts the conformance fixture host on `HOST:PORT` (default
 * 127.0.0.1:3001), endpoint `/mcp`. It accepts one bearer token:
 * `CONFORMANCE_TOKEN`, or a random one printed at start-up. On Express, or
 * on Fastify with `CONFORMANCE_HTTP_ADAPTER=fastify`: the suite then runs
 * against the module's Fastify transport.
 *
 *   CONFORMANCE_TOKEN=dev-token npx ts-node --transpile-only -r tsconfig-paths/register apps/conformance/main.ts
 */
async function bootstrap(): Promise<void> {
  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT ?? 3001);
  const token = process.env.CONFORMANCE_TOKEN || randomBytes(24).toString('base64url');
  const publicUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const adapter = httpAdapter(process.env.CONFORMANCE_HTTP_ADAPTER);
  const module = ConformanceModule.forRoot({ token, publicUrl });
  const options = { logger: ['error', 'warn'] as ('error' | 'warn')[] };
  const app = adapter ? await NestFactory.create(module, adapter, options) : await NestFactory.create(module, options);
  app.enableShutdownHooks();
  await app.listen(port, host);
  process.stdout.write(`conformance fixture host listening on ${publicUrl}/mcp (${app.getHttpAdapter().getType()})\n`);
  if (!process.env.CONFORMANCE_TOKEN) process.stdout.write(`bearer token: ${token}\n`);
}

/** The adapter `CONFORMANCE_HTTP_ADAPTER` names: none for Express (Nest's default), Fastify's for `fastify`. */
function httpAdapter(name: string | undefined): FastifyAdapter | undefined {
  if (name === undefined || name === '' || name === 'express') return undefined;
  if (name === 'fastify') return new FastifyAdapter();
  throw new Error(`CONFORMANCE_HTTP_ADAPTER must be express or fastify, not ${name}`);
}

bootstrap().catch((error: unknown) => {
  new Logger('Conformance').error(`The conformance host did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
