/**
 * Kadu's bodies over the limit (the cases in
 * test/support/oversized-body.cases.ts): a JSON route of `/api/v1` (1 MiB,
 * the parsers the MCP module installs) and the presigned upload URL (the
 * size the file was created with) answer in Nest's error shape. Kadu's MCP
 * endpoint gets one run here; the module's own runs are in
 * test/mcp/oversized-body.e2e-spec.ts.
 */
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { OversizedTarget } from '../support/oversized-body.client';
import { API_TOO_LARGE, itAnswersOversized, itAnswersOversizedMcp } from '../support/oversized-body.cases';
import { callRest, tokensOf } from './files-webhooks.support';

jest.setTimeout(180_000);

describe('Kadu: an oversized body always gets its answer', () => {
  let kadu: KaduTestApp;
  let port: number;
  let api: string;

  beforeAll(async () => {
    kadu = await startKadu();
    port = Number(new URL(kadu.baseUrl).port);
    api = (await tokensOf(kadu, 'oversized')).api;
  });
  afterAll(() => kadu?.close());

  describe('a JSON route of /api/v1', () => {
    const tasks = (): OversizedTarget => ({ port, path: '/api/v1/tasks', headers: { Authorization: `Bearer ${api}`, 'Content-Type': 'application/json' } });
    itAnswersOversized({ target: tasks, tooLarge: API_TOO_LARGE, limitName: 'limit', burstBytes: 1_100_000 });

    it('still parses a body of exactly 1 MiB, and keeps serving', async () => {
      const name = 'x'.repeat(1_048_576 - JSON.stringify({ name: '' }).length);
      const response = await fetch(`${kadu.baseUrl}/api/v1/tasks`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${api}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      // Parsed, then refused by validation: the body reached the route.
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect((await callRest(kadu, api, 'GET', '/tasks?limit=1')).status).toBe(200);
    });
  });

  describe('the MCP endpoint', () => {
    itAnswersOversizedMcp(async () => ({
      port,
      path: '/mcp',
      headers: { Authorization: `Bearer ${await kadu.token('oversized', 'viewer')}`, 'Content-Type': 'application/json' },
    }));
  });

  describe('the presigned upload URL', () => {
    const SIZE = 64 * 1024;
    const UPLOAD_TOO_LARGE = { statusCode: 413, message: `The file was declared with ${SIZE} bytes; send exactly that many`, error: 'Payload Too Large' };
    let upload: OversizedTarget;

    beforeAll(async () => {
      const created = await callRest(kadu, api, 'POST', '/files', { filename: 'big.csv', content_type: 'text/csv', size: SIZE });
      const url = new URL((created.body as { upload_url: string }).upload_url);
      // Every refusal leaves the URL usable, so one URL serves every request.
      upload = { port, path: `${url.pathname}${url.search}`, method: 'PUT', headers: { 'Content-Type': 'text/csv' } };
    });

    itAnswersOversized({ target: () => upload, tooLarge: UPLOAD_TOO_LARGE, limitName: 'size', burstBytes: SIZE + 1 });

    it('still takes the exact size through the same URL afterwards', async () => {
      const response = await fetch(`${kadu.baseUrl}${upload.path}`, { method: 'PUT', headers: upload.headers, body: Buffer.alloc(SIZE, 0x61) });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'uploaded', size: SIZE });
    });
  });
});
