/**
 * Regressions of the defects the fuzz suite found (test/fuzz): both were
 * HTTP 500 "Internal error" and are now answered as the bad input they are.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { callTool, createLimitsApp, LimitsTools } from './limits.support';
import { headers2026 } from './support/fixture.app';

describe('MCP bad input found by fuzzing', () => {
  let app: INestApplication;
  beforeAll(async () => (app = await createLimitsApp()));
  afterAll(() => app.close());

  it('an argument object whose own toString is data: the route-shaped 400 isError, nothing runs', async () => {
    const before = app.get(LimitsTools).runs.note;
    const response = await callTool(app, 'note', undefined, 1, { count: { toString: [] } });
    const body = {
      message: ['arguments could not be validated: a value is nested too deeply, or is an object where a number or text is expected'],
      error: 'Bad Request',
      statusCode: 400,
    };
    expect(response.status).toBe(200);
    expect(response.body.result).toEqual({
      content: [{ type: 'text', text: JSON.stringify(body) }],
      isError: true,
      resultType: 'complete',
      _meta: expect.any(Object),
    });
    expect(app.get(LimitsTools).runs.note).toBe(before);
  });

  const nestedBody = (depth: number) =>
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"name":"note","arguments":{"text":"x","deep":${'['.repeat(depth)}${']'.repeat(depth)}}}}`;

  it('a body nested deeper than 128 levels: 400 -32700, before anything recursive runs', async () => {
    const response = await request(app.getHttpServer())
      .post('/mcp')
      .set(headers2026('tools/call', 'note', 'org-a|alice|client-1'))
      .send(nestedBody(126));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: JSON nested deeper than 128 levels' } });
  });

  it('128 levels are still read (and this one refused by validation, as an unknown argument)', async () => {
    const response = await request(app.getHttpServer())
      .post('/mcp')
      .set(headers2026('tools/call', 'note', 'org-a|alice|client-1'))
      .send(nestedBody(125));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.result.content[0].text)).toEqual({ message: ['property deep should not exist'], error: 'Bad Request', statusCode: 400 });
  });
});
