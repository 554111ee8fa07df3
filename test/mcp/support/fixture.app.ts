import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { McpModule } from '@kobana/mcp';
import type { McpModuleOptions } from '@kobana/mcp';
import { FixtureTools } from './fixture.tools';
import { FixtureResources } from './fixture.resources';
import { FixturePrompts } from './fixture.prompts';
import { FixtureVerifier } from './fixture.verifier';

@Module({ providers: [FixtureTools, FixtureResources, FixturePrompts, FixtureVerifier], exports: [FixtureTools, FixtureVerifier] })
class FixtureToolsModule {}

/** Builds the module's fixture host with the Nest testing module (no port: supertest binds its own loopback server). */
export async function createFixtureApp(overrides: Partial<McpModuleOptions> = {}, path = '/mcp'): Promise<INestApplication> {
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
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
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
