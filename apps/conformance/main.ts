import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'crypto';
import { ConformanceModule } from './conformance.module';

/**
 * Starts the conformance fixture host on `HOST:PORT` (default
 * 127.0.0.1:3001), endpoint `/mcp`. It accepts one bearer token:
 * `CONFORMANCE_TOKEN`, or a random one printed at start-up.
 *
 *   CONFORMANCE_TOKEN=dev-token npx ts-node --transpile-only -r tsconfig-paths/register apps/conformance/main.ts
 */
async function bootstrap(): Promise<void> {
  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT ?? 3001);
  const token = process.env.CONFORMANCE_TOKEN || randomBytes(24).toString('base64url');
  const publicUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const app = await NestFactory.create(ConformanceModule.forRoot({ token, publicUrl }), { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  await app.listen(port, host);
  process.stdout.write(`conformance fixture host listening on ${publicUrl}/mcp\n`);
  if (!process.env.CONFORMANCE_TOKEN) process.stdout.write(`bearer token: ${token}\n`);
}

bootstrap().catch((error: unknown) => {
  new Logger('Conformance').error(`The conformance host did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
