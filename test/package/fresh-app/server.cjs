/*
 * Serves the fresh application (app.module.cjs) on 127.0.0.1, on Express, or
 * on Fastify when FRESH_APP_ADAPTER=fastify (fresh-app/adapter.cjs), with
 * things.module.cjs beside it when FRESH_APP_STANDARD_SCHEMA=1. Prints one
 * JSON line once listening: the port, the adapter in use, where `@kobana/mcp`
 * resolved, and every file loaded so far, so the test can prove that nothing
 * came from the repository.
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts
 * and run there.
 */
'use strict';
require('reflect-metadata');
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { httpAdapter } = require('./adapter.cjs');
const { AppModule } = require('./app.module.cjs');

/** The application's root: its module, and the Standard Schema route and tool on Nest 12. */
class ServerModule {}
const standardSchema = process.env.FRESH_APP_STANDARD_SCHEMA === '1';
Module({ imports: [AppModule, ...(standardSchema ? [require('./things.module.cjs').ThingsModule] : [])] })(ServerModule);

async function main() {
  const adapter = httpAdapter();
  const options = { logger: ['error', 'warn'] };
  // Without an adapter, Nest takes the second argument as the options.
  const app = adapter ? await NestFactory.create(ServerModule, adapter, options) : await NestFactory.create(ServerModule, options);
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address();
  const line = { port, adapter: app.getHttpAdapter().getType(), resolved: require.resolve('@kobana/mcp'), loaded: Object.keys(require.cache) };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
