import { INestApplication, Module, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { McpModule } from '@kobana/mcp';
import { body2026, headers2026 } from './fixture.app';
import { FixtureVerifier } from './fixture.verifier';

export type Era = '2025' | '2026';

/** `_meta` of every era-2026 result of the fixture app. */
export const FIXTURE_RESULT_META = { 'io.modelcontextprotocol/serverInfo': { name: 'fixture', title: 'Fixture', version: '0.0.1' } };

export interface RpcOptions {
  token?: string;
  /** `Mcp-Name`, era 2026 only. */
  name?: string;
  id?: number | string;
}

/** One request as a well-behaved client of that era sends it (envelope and headers in 2026, none in 2025). */
export function rpc(app: INestApplication, era: Era, method: string, params?: Record<string, unknown>, options: RpcOptions = {}): request.Test {
  const { token = 'token-reader', name, id = 1 } = options;
  const post = request(app.getHttpServer()).post('/mcp');
  if (era === '2026') return post.set(headers2026(method, name, token)).send(body2026(method, params, id));
  return post.set({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }).send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
}

/** The result a method answers in an era: era 2026 adds resultType, serverInfo and, for cacheable methods, ttl and scope. */
export function eraResult(era: Era, result: Record<string, unknown>, cacheable: boolean): Record<string, unknown> {
  if (era === '2025') return result;
  return { resultType: 'complete', ...result, ...(cacheable ? { ttlMs: 0, cacheScope: 'private' } : {}), _meta: FIXTURE_RESULT_META };
}

/** Starts a host made of the given providers only (for capabilities and start-up checks). */
export async function createHostApp(...providers: Type<unknown>[]): Promise<INestApplication> {
  @Module({ providers: [...providers, FixtureVerifier], exports: [FixtureVerifier] })
  class Host {}
  const moduleRef = await Test.createTestingModule({
    imports: [
      Host,
      McpModule.forRootAsync({
        imports: [Host],
        inject: [FixtureVerifier],
        useFactory: (verifier: FixtureVerifier) => ({ serverInfo: { name: 'host', version: '1' }, verifier, publicUrl: 'http://mcp.test' }),
      }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}
