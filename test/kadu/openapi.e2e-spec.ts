/**
 * Kadu's OpenAPI document over real HTTP: served without a token as
 * OpenAPI 3.1, listing exactly the routes Express registered under
 * `/api/v1`, and every route's real answers (successes and the errors a
 * client meets: 400, 401, 403, 404, 409, 413, 415) valid against the
 * document for their path, method and status. Every operation of the
 * document is answered with its success status at least once.
 */
import { openApiDocumentProblems } from '@kobana/openapi/testing';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { API, documentedRoutes, MISSING, OpenApiRecorder, OVERSIZED, registeredRoutes } from '../support/openapi.recorder';
import { eventually } from '../support/eventually';
import { Receiver, startReceiver } from './files-webhooks.support';

jest.setTimeout(60_000);

describe('Kadu: GET /api/v1/openapi.json', () => {
  let kadu: KaduTestApp;
  let receiver: Receiver;
  let api: OpenApiRecorder;
  let owner: string;
  let viewer: string;

  beforeAll(async () => {
    kadu = await startKadu({ env: { KADU_EXECUTION_POLL_MS: '20', KADU_WEBHOOKS_ALLOW_PRIVATE: 'true', KADU_WEBHOOK_POLL_MS: '50' } });
    receiver = await startReceiver();
    owner = await kadu.token('org-openapi', 'owner', { audience: 'api' });
    viewer = await kadu.token('org-openapi', 'viewer', { audience: 'api' });
    api = await OpenApiRecorder.of(kadu.baseUrl);
  });
  afterAll(async () => {
    await kadu?.close();
    await receiver?.close();
  });

  it('is served without a token, as JSON, the same bytes each time', async () => {
    const first = await api.expect(200, 'GET', `${API}/openapi.json`);
    const second = await api.expect(200, 'GET', `${API}/openapi.json`);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(second.text).toBe(first.text);
    expect(first.body).toEqual(api.document);
  });

  it('is OpenAPI 3.1 with the bearer scheme on every route that needs a token', () => {
    const { document } = api;
    expect(openApiDocumentProblems(document)).toEqual([]);
    expect(document).toMatchObject({
      openapi: '3.1.0',
      jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
      info: { title: 'Kadu API' },
      servers: [{ url: kadu.baseUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    });
    const open = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => !operation.security)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    // The presigned URLs carry their own authority; the document is public.
    expect(open.sort()).toEqual(['GET /api/v1/files/{id}/content', 'GET /api/v1/openapi.json', 'PUT /api/v1/files/{id}/content']);
  });

  it('lists every route the router registered under /api/v1, and no other', () => {
    const registered = registeredRoutes(kadu.app, `${API}/`);
    expect(registered.length).toBeGreaterThanOrEqual(30);
    expect(documentedRoutes(api.document)).toEqual(registered);
  });

  it('every route answers what the document says, on success and on error', async () => {
    const as = (token: string) => ({ token });
    // Without a token, and with a refused one: the RFC 6750 body.
    await api.expect(401, 'GET', `${API}/organization`);
    await api.expect(401, 'GET', `${API}/tasks`, as('kadu_api_nope'));
    await api.expect(200, 'GET', `${API}/organization`, as(owner));

    // Webhooks first, so the executions below leave deliveries to replay.
    const endpoint = (await api.expect(201, 'POST', `${API}/webhook_endpoints`, { token: owner, json: { url: `${receiver.url}/hook` } })).body;
    await api.expect(400, 'POST', `${API}/webhook_endpoints`, { token: owner, json: { url: 'ftp://x' } });
    await api.expect(403, 'POST', `${API}/webhook_endpoints`, { token: viewer, json: { url: `${receiver.url}/hook` } });
    await api.expect(200, 'GET', `${API}/webhook_endpoints`, as(owner));
    await api.expect(200, 'PATCH', `${API}/webhook_endpoints/${endpoint.id}`, { token: owner, json: { description: 'OpenAPI' } });
    await api.expect(404, 'PATCH', `${API}/webhook_endpoints/${MISSING}`, { token: owner, json: { description: 'x' } });
    await api.expect(200, 'POST', `${API}/webhook_endpoints/${endpoint.id}/rotate_secret`, as(owner));

    // Tasks.
    const rules = [{ category: 'fees', match: 'tarifa' }];
    const task = (await api.expect(201, 'POST', `${API}/tasks`, { token: owner, json: { name: 'Statement', rules }, headers: { 'Idempotency-Key': 'task-1' } }))
      .body;
    await api.expect(409, 'POST', `${API}/tasks`, { token: owner, json: { name: 'Other' }, headers: { 'Idempotency-Key': 'task-1' } });
    await api.expect(400, 'POST', `${API}/tasks`, { token: owner, json: { name: '', surplus: true } });
    await api.expect(400, 'POST', `${API}/tasks`, { token: owner, raw: { body: '{"name":', type: 'application/json' } });
    await api.expect(413, 'POST', `${API}/tasks`, { token: owner, raw: { body: OVERSIZED, type: 'application/json' } });
    await api.expect(403, 'POST', `${API}/tasks`, { token: viewer, json: { name: 'Nope' } });
    await api.expect(200, 'GET', `${API}/tasks`, as(owner));
    await api.expect(400, 'GET', `${API}/tasks?limit=0`, as(owner));
    await api.expect(200, 'GET', `${API}/tasks/${task.id}`, as(owner));
    await api.expect(404, 'GET', `${API}/tasks/${MISSING}`, as(owner));
    await api.expect(200, 'PATCH', `${API}/tasks/${task.id}`, { token: owner, json: { description: 'Monthly' } });
    await api.expect(400, 'PATCH', `${API}/tasks/${task.id}`, { token: owner, json: { rules: [{ category: '' }] } });
    await api.expect(200, 'GET', `${API}/tasks/${task.id}/permissions`, as(owner));
    await api.expect(404, 'GET', `${API}/tasks/${MISSING}/permissions`, as(owner));
    await api.expect(200, 'PUT', `${API}/tasks/${task.id}/permissions`, { token: owner, json: { roles: ['owner', 'admin'] } });
    await api.expect(400, 'PUT', `${API}/tasks/${task.id}/permissions`, { token: owner, json: { roles: ['king'] } });
    await api.expect(403, 'PUT', `${API}/tasks/${task.id}/permissions`, { token: viewer, json: { roles: ['owner'] } });

    // Files: create, the presigned upload, confirm, download, delete.
    const csv = 'date,description,amount\n2026-01-02,Tarifa,-1.50\n2026-01-03,Mystery,10.00\n';
    const declared = { filename: 'jan.csv', content_type: 'text/csv', size: Buffer.byteLength(csv) };
    const file = (await api.expect(201, 'POST', `${API}/files`, { token: owner, json: declared })).body;
    await api.expect(400, 'POST', `${API}/files`, { token: owner, json: { ...declared, content_type: 'text/html' } });
    await api.expect(409, 'POST', `${API}/files/${file.id}/confirm`, as(owner));
    await api.expect(409, 'POST', `${API}/files/${file.id}/download`, as(owner));
    const badSignature = file.upload_url.replace(/signature=[^&]+/, 'signature=forged');
    await api.expect(403, 'PUT', badSignature, { raw: { body: csv, type: 'text/csv' } });
    await api.expect(415, 'PUT', file.upload_url, { raw: { body: csv, type: 'text/plain' } });
    await api.expect(413, 'PUT', file.upload_url, { raw: { body: `${csv}extra`, type: 'text/csv' } });
    await api.expect(200, 'PUT', file.upload_url, { raw: { body: csv, type: 'text/csv' } });
    await api.expect(403, 'PUT', file.upload_url, { raw: { body: csv, type: 'text/csv' } });
    await api.expect(200, 'POST', `${API}/files/${file.id}/confirm`, as(owner));
    const link = (await api.expect(200, 'POST', `${API}/files/${file.id}/download`, as(owner))).body;
    expect((await api.expect(200, 'GET', link.download_url)).text).toBe(csv);
    await api.expect(403, 'GET', link.download_url.replace(/signature=[^&]+/, 'signature=forged'));
    await api.expect(200, 'GET', `${API}/files`, as(owner));
    await api.expect(200, 'GET', `${API}/files/${file.id}`, as(owner));
    await api.expect(404, 'GET', `${API}/files/${MISSING}`, as(owner));

    // Runs and executions: one answered, one cancelled.
    const run = { input_file_ids: [file.id] };
    const first = (await api.expect(202, 'POST', `${API}/tasks/${task.id}/runs`, { token: owner, json: run })).body;
    await api.expect(404, 'POST', `${API}/tasks/${task.id}/runs`, { token: owner, json: { input_file_ids: [MISSING] } });
    await api.expect(404, 'POST', `${API}/tasks/${MISSING}/runs`, { token: owner, json: run });
    const waiting = (id: string) =>
      eventually(async () => {
        const { body } = await api.expect(200, 'GET', `${API}/executions/${id}`, as(owner));
        return ['queued', 'running'].includes(body.status) ? undefined : body;
      });
    expect(await waiting(first.id)).toMatchObject({ status: 'waiting_input' });
    await api.expect(200, 'GET', `${API}/executions?status=waiting_input`, as(owner));
    await api.expect(400, 'GET', `${API}/executions?status=lost`, as(owner));
    await api.expect(404, 'GET', `${API}/executions/${MISSING}`, as(owner));
    await api.expect(400, 'POST', `${API}/executions/${first.id}/continue`, { token: owner, json: { answers: 'all income' } });
    await api.expect(200, 'POST', `${API}/executions/${first.id}/continue`, { token: owner, json: { answers: [{ line: 2, category: 'income' }] } });
    expect(await waiting(first.id)).toMatchObject({ status: 'succeeded' });
    await api.expect(409, 'POST', `${API}/executions/${first.id}/continue`, { token: owner, json: { answers: [{ line: 2, category: 'income' }] } });
    const second = (await api.expect(202, 'POST', `${API}/tasks/${task.id}/runs`, { token: owner, json: run })).body;
    await waiting(second.id);
    await api.expect(200, 'POST', `${API}/executions/${second.id}/cancel`, { token: owner, json: {} });
    await api.expect(409, 'POST', `${API}/executions/${second.id}/cancel`, { token: owner, json: {} });
    await api.expect(404, 'POST', `${API}/executions/${MISSING}/cancel`, { token: owner, json: {} });

    // Deliveries of the two finished executions, a replay, then the endpoint deleted.
    const deliveries = await eventually(async () => {
      const { body } = await api.expect(200, 'GET', `${API}/webhook_deliveries?endpoint_id=${endpoint.id}`, as(owner));
      return body.data.length > 0 ? body.data : undefined;
    });
    await api.expect(400, 'GET', `${API}/webhook_deliveries?limit=0`, as(owner));
    await api.expect(403, 'GET', `${API}/webhook_deliveries`, as(viewer));
    await api.expect(201, 'POST', `${API}/webhook_deliveries/${deliveries[0].id}/replay`, as(owner));
    await api.expect(404, 'POST', `${API}/webhook_deliveries/${MISSING}/replay`, as(owner));
    await api.expect(200, 'DELETE', `${API}/webhook_endpoints/${endpoint.id}`, as(owner));
    await api.expect(409, 'POST', `${API}/webhook_deliveries/${deliveries[0].id}/replay`, as(owner));
    await api.expect(404, 'DELETE', `${API}/webhook_endpoints/${endpoint.id}`, as(owner));

    // The audit trail (owners and admins), then the deletes.
    await api.expect(200, 'GET', `${API}/audit_events?limit=5`, as(owner));
    await api.expect(403, 'GET', `${API}/audit_events`, as(viewer));
    await api.expect(400, 'GET', `${API}/audit_events?decision=maybe`, as(owner));
    await api.expect(200, 'DELETE', `${API}/files/${file.id}`, as(owner));
    await api.expect(404, 'DELETE', `${API}/files/${file.id}`, as(owner));
    await api.expect(403, 'DELETE', `${API}/tasks/${task.id}`, as(viewer));
    await api.expect(200, 'DELETE', `${API}/tasks/${task.id}`, as(owner));
    await api.expect(404, 'DELETE', `${API}/tasks/${task.id}`, as(owner));
  });

  it('every operation of the document was answered with its success status, and the errors clients meet were all seen', () => {
    expect(api.operationsWithoutSuccess()).toEqual([]);
    expect(api.errorStatuses()).toEqual([400, 401, 403, 404, 409, 413, 415]);
  });
});
