/**
 * The parsers the module installs for the host's own routes
 * (`installBodyParsers`, `unparsedPaths`), on Express and on Fastify: one
 * byte limit for the API and the endpoint (docs/protocol.md §1), a JSON body
 * nested deeper than the endpoint allows refused before parsing, and a path
 * of `unparsedPaths` left for its route to stream.
 */
import { Body, Controller, INestApplication, Module, Post, Req } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { Readable } from 'node:stream';
import request from 'supertest';
import { McpModule } from '@kobana/mcp';
import { Platform, PLATFORMS } from './support/fixture.app';

const LIMIT = 2048;

@Controller()
class HostRoutes {
  @Post('notes')
  note(@Body() body: unknown) {
    return { body };
  }

  /** Streams its body itself: Express hands the Node request, Fastify its `raw`. */
  @Post('uploads/:id')
  async upload(@Req() req: Readable & { raw?: Readable; body?: unknown }) {
    let bytes = 0;
    for await (const chunk of req.raw ?? req) bytes += (chunk as Buffer).length;
    return { bytes, parsed: req.body !== undefined };
  }
}

@Module({
  imports: [
    McpModule.forRoot({
      serverInfo: { name: 'host-routes', version: '1' },
      verifier: { verify: async () => null },
      maxBodyBytes: LIMIT,
      unparsedPaths: [/^\/uploads\//i],
    }),
  ],
  controllers: [HostRoutes],
})
class HostModule {}

async function start(platform: Platform): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [HostModule] }).compile();
  const app =
    platform === 'fastify' ? moduleRef.createNestApplication(new FastifyAdapter(), { logger: false }) : moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  return app;
}

describe.each(PLATFORMS)('the host’s routes behind the module’s parsers (%s)', (platform) => {
  let app: INestApplication;
  beforeAll(async () => (app = await start(platform)));
  afterAll(() => app.close());

  const post = (path: string) => request(app.getHttpServer()).post(path);

  it('parses JSON and urlencoded bodies', async () => {
    expect((await post('/notes').send({ text: 'hi' })).body).toEqual({ body: { text: 'hi' } });
    expect((await post('/notes').type('form').send('a=1&b=two')).body).toEqual({ body: { a: '1', b: 'two' } });
  });

  it('refuses a body over maxBodyBytes with 413, JSON or urlencoded', async () => {
    expect((await post('/notes').send({ text: 'x'.repeat(LIMIT) })).status).toBe(413);
    expect(
      (
        await post('/notes')
          .type('form')
          .send(`a=${'x'.repeat(LIMIT)}`)
      ).status,
    ).toBe(413);
    expect((await post('/notes').send({ text: 'x'.repeat(LIMIT - 20) })).status).toBe(201);
  });

  it('refuses JSON nested deeper than 128 levels before parsing, and takes 128', async () => {
    const deep = await post('/notes')
      .set('Content-Type', 'application/json')
      .send(`{"a":${'['.repeat(300)}${']'.repeat(300)}}`);
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'JSON nested deeper than 128 levels' });
    const fits = await post('/notes')
      .set('Content-Type', 'application/json')
      .send(`{"a":${'['.repeat(127)}${']'.repeat(127)}}`);
    expect(fits.status).toBe(201);
  });

  it('leaves a path of unparsedPaths to its route: its JSON body unread by any parser, whatever its size', async () => {
    const response = await post('/uploads/1')
      .set('Content-Type', 'application/json')
      .send('x'.repeat(5 * LIMIT));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ bytes: 5 * LIMIT, parsed: false });
  });
});
