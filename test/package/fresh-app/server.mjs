/*
 * server.cjs for the ES-module application: serves app.module.mjs on
 * 127.0.0.1 with Nest's default adapter (Express) and prints the same JSON
 * line once listening: the port, the adapter, where `import '@kobana/mcp'`
 * resolved, and every file loaded so far (loaded.mjs).
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts
 * and run there.
 */
import { loaded } from './loaded.mjs';

// Loaded after loaded.mjs has set its hook, so the hook sees them.
await import('reflect-metadata');
const { fileURLToPath } = await import('node:url');
const { NestFactory } = await import('@nestjs/core');
const { AppModule } = await import('./app.module.mjs');

const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
app.enableShutdownHooks();
await app.listen(0, '127.0.0.1');
const { port } = app.getHttpServer().address();
const line = { port, adapter: app.getHttpAdapter().getType(), resolved: fileURLToPath(import.meta.resolve('@kobana/mcp')), loaded: loaded() };
process.stdout.write(`${JSON.stringify(line)}\n`);
