import { INestApplication, Injectable, Module, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { JsonRpcException, McpDrainService, McpModule, McpOriginGuard, McpRateLimiter, McpResource, ResourcesReadHandler } from '@kobana/mcp';
import type { McpCaller, McpHttpRequest, McpOverride, McpResourceTarget } from '@kobana/mcp';
import { FixtureVerifier } from './support/fixture.verifier';

/** Also lets in the one partner origin the host trusts, besides the module's own rules. */
@Injectable()
class PartnerOriginGuard extends McpOriginGuard {
  protected override isAllowed(origin: string | null, request: McpHttpRequest): boolean {
    return origin === 'https://partner.example' || super.isAllowed(origin, request);
  }
}

/** Pauses one OAuth client before the module's own limits, as a host's kill switch would. */
@Injectable()
class PausedClientRateLimiter extends McpRateLimiter {
  override async admit(request: McpHttpRequest): Promise<void> {
    if (request.user?.client_id === 'c2') throw new JsonRpcException(-32030, 'Client paused', 503);
    return super.admit(request);
  }
}

/** Serves `docs://latest` from the resource it currently stands for. */
@Injectable()
class AliasResourcesReadHandler extends ResourcesReadHandler {
  protected override resolve(uri: string, caller: McpCaller): McpResourceTarget | undefined {
    return super.resolve(uri === 'docs://latest' ? 'docs://guide' : uri, caller);
  }
}

@Injectable()
class Docs {
  @McpResource({ uri: 'docs://guide', name: 'guide', mimeType: 'text/plain' })
  guide() {
    return 'The guide';
  }
}

@Module({ providers: [FixtureVerifier, Docs], exports: [FixtureVerifier] })
class Host {}

async function createApp(overrides: McpOverride[]): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      Host,
      McpModule.forRootAsync({
        imports: [Host],
        inject: [FixtureVerifier],
        useFactory: (verifier: FixtureVerifier) => ({ serverInfo: { name: 'host', version: '1' }, verifier, publicUrl: 'http://mcp.test' }),
        overrides,
      }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

function post(app: INestApplication, body: object, headers: Record<string, string> = {}): request.Test {
  return request(app.getHttpServer())
    .post('/mcp')
    .set({ Authorization: 'Bearer token-reader', 'Content-Type': 'application/json', ...headers })
    .send({ jsonrpc: '2.0', id: 1, ...body });
}

/**
 * `overrides`: a host's subclass runs in place of the module's class, for a
 * guard (built from the controller's decorators), for a class the controller
 * is constructed with, and for a method handler of the dispatcher's table.
 */
describe('McpModule overrides', () => {
  describe('with subclasses of a guard, the rate limiter and a method handler', () => {
    let app: INestApplication;
    beforeAll(async () => {
      app = await createApp([
        { provide: McpOriginGuard, useClass: PartnerOriginGuard },
        { provide: McpRateLimiter, useClass: PausedClientRateLimiter },
        { provide: ResourcesReadHandler, useClass: AliasResourcesReadHandler },
      ]);
    });
    afterAll(() => app.close());

    it("runs the guard's overridden step: the partner origin is let in, any other foreign one is still refused", async () => {
      const partner = await post(app, { method: 'ping' }, { Origin: 'https://partner.example' });
      expect(partner.status).toBe(200);
      expect(partner.body).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
      const evil = await post(app, { method: 'ping' }, { Origin: 'https://evil.example' });
      expect(evil.status).toBe(403);
      expect(evil.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Forbidden: origin https://evil.example is not allowed' } });
    });

    it("runs the rate limiter's overridden step, which the controller is constructed with", async () => {
      const paused = await post(app, { method: 'ping' }, { Authorization: 'Bearer token-admin' });
      expect(paused.status).toBe(503);
      expect(paused.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32030, message: 'Client paused' } });
      expect((await post(app, { method: 'ping' })).status).toBe(200);
    });

    it("runs the method handler's overridden step, from the dispatcher's table", async () => {
      const read = await post(app, { method: 'resources/read', params: { uri: 'docs://latest' } });
      expect(read.status).toBe(200);
      expect(read.body.result).toEqual({ contents: [{ uri: 'docs://latest', mimeType: 'text/plain', text: 'The guide' }] });
    });
  });

  it("still serves with the module's own classes when no override is given", async () => {
    const app = await createApp([]);
    try {
      expect((await post(app, { method: 'ping' }, { Origin: 'https://partner.example' })).status).toBe(403);
      expect((await post(app, { method: 'resources/read', params: { uri: 'docs://latest' } })).body.error).toMatchObject({ code: -32002 });
    } finally {
      await app.close();
    }
  });

  it.each([
    [
      'a class without overridable steps',
      [{ provide: McpDrainService, useClass: McpDrainService }],
      'McpModule cannot use a subclass in place of McpDrainService: "overrides" takes only McpOriginGuard, McpAuthGuard, McpHeaderMismatchGuard, McpRateLimiter, McpProviderInvoker, ResourcesReadHandler, McpExceptionFilter',
    ],
    [
      'a class that does not extend the one it replaces',
      [{ provide: McpOriginGuard, useClass: AliasResourcesReadHandler as Type<object> }],
      'McpModule "overrides": AliasResourcesReadHandler must extend McpOriginGuard to be used in its place',
    ],
    [
      'two subclasses for one class',
      [
        { provide: McpOriginGuard, useClass: PartnerOriginGuard },
        { provide: McpOriginGuard, useClass: McpOriginGuard },
      ],
      'McpModule "overrides" names McpOriginGuard twice: give one subclass per class',
    ],
  ])('refuses %s when the module is defined', (_case, overrides: McpOverride[], message) => {
    expect(() => McpModule.forRoot({ serverInfo: { name: 'x', version: '1' }, verifier: new FixtureVerifier(), overrides })).toThrow(message);
  });
});
