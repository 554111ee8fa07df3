/*
 * server.cjs for the ES-module application: serves app.module.mjs on
 * 127.0.0.1 with Nest's default adapter (Express), with things.module.mjs
 * beside it when FRESH_APP_STANDARD_SCHEMA=1, and prints the same JSON
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
const { Module } = await import('@nestjs/common');
const { NestFactory } = await import('@nestjs/core');
const { AppModule } = await import('./app.module.mjs');

/** The application's root: its module, and the Standard Schema route and tool on Nest 12. */
class ServerModule {}
const standardSchema = process.env.FRESH_APP_STANDARD_SCHEMA === '1';
Module({ imports: [AppModule, ...(standardSchema ? [(await import('./things.module.mjs')).ThingsModule] : [])] })(ServerModule);

const app = await NestFactory.create(ServerModule, { logger: ['error', 'warn'] });
app.enableShutdownHooks();
await app.listen(0, '127.0.0.1');
const { port } = app.getHttpServer().address();
const line = { port, adapter: app.getHttpAdapter().getType(), resolved: fileURLToPath(import.meta.resolve('@kobana/mcp')), loaded: loaded() };
process.stdout.write(`${JSON.stringify(line)}\n`);
