import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { McpModule } from '@kobana/mcp';
import type { McpModuleOptions } from '@kobana/mcp';
import { FixtureTools } from './fixture.tools';
import { FixtureResources } from './fixture.resources';
import { FixturePrompts } from './fixture.prompts';
import { FixtureVerifier } from './fixture.verifier';

@Module({ providers: [FixtureTools, FixtureResources, FixturePrompts, FixtureVerifier], exports: [FixtureTools, FixtureVerifier] })
class FixtureToolsModule {}

/** The HTTP adapters the module serves on; the transport specs run once on each. */
export const PLATFORMS = ['express', 'fastify'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * Builds the module's fixture host with the Nest testing module (no port: supertest binds its own loopback server),
 * on Express (Nest's default) or on `@nestjs/platform-fastify` (a platform name, or a Fastify adapter built with the
 * host's own options), ready to serve. `prepare` runs before `init()`, where a host adds its global guards and hooks.
 */
export async function createFixtureApp(
  overrides: Partial<McpModuleOptions> = {},
  path = '/mcp',
  platform: Platform | FastifyAdapter = 'express',
  prepare: (app: INestApplication) => void = () => undefined,
): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      FixtureToolsModule,
      McpModule.forRootAsync({
        path,
        imports: [FixtureToolsModule],
        inject: [FixtureVerifier],
        useFactory: (verifier: FixtureVerifier) => ({
          serverInfo: { name: 'fixture', title: 'Fixture', version: '0.0.1' },
          verifier,
          instructions: 'Fixture instructions',
          publicUrl: 'http://mcp.test',
          ...overrides,
        }),
      }),
    ],
  }).compile();
  const adapter = platform === 'fastify' ? new FastifyAdapter() : platform === 'express' ? undefined : platform;
  const app = adapter ? moduleRef.createNestApplication(adapter, { logger: false }) : moduleRef.createNestApplication({ logger: false });
  prepare(app);
  await app.init();
  // Fastify loads its plugins and routes on `ready()`; supertest's own server needs them loaded.
  if (adapter) await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready();
  return app;
}

export const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1.0.0' },
};

/** Headers of a well-formed era-2026 request. */
export function headers2026(method: string, name?: string, token = 'token-reader'): Record<string, string> {
  return {
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': method,
    ...(name !== undefined ? { 'Mcp-Name': name } : {}),
  };
}

/** A well-formed era-2026 request body. */
export function body2026(method: string, params: Record<string, unknown> = {}, id: number | string = 1) {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: ENVELOPE } };
}

/**
 * Compiles and starts (then closes) a bare `McpModule` whose one provider is
 * `provider`: resolves when start-up accepts its declarations, rejects with
 * the error start-up refuses them with.
 */
export async function startWithProvider(provider: Function): Promise<void> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ serverInfo: { name: 'bad', version: '0.0.1' }, verifier: { verify: async () => null } })],
    providers: [provider as never],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  try {
    await app.init();
  } finally {
    await app.close();
  }
}
