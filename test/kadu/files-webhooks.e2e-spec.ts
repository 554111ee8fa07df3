/**
 * Files over real HTTP: presigned upload and download, parity of every
 * `kadu_files_*` tool with its `/api/v1` route, and isolation between
 * organizations. Webhooks: files-webhooks-delivery.e2e-spec.ts.
 */
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { callRest, callTool, tokensOf } from './files-webhooks.support';

interface Upload {
  id: string;
  upload_url: string;
  upload_method: string;
  upload_headers: Record<string, string>;
  expires_at: string;
}

describe('files', () => {
  let kadu: KaduTestApp;
  let acme: { mcp: string; api: string };
  let other: { mcp: string; api: string };
  beforeAll(async () => {
    kadu = await startKadu();
    acme = await tokensOf(kadu, 'acme');
    other = await tokensOf(kadu, 'other');
  });
  afterAll(() => kadu?.close());

  const csv = Buffer.from('date,description,amount\n2025-01-02,Coffee,-4.50\n');
  const createCsv = (token = acme.mcp, bytes = csv) =>
    callTool(kadu, token, 'kadu_files_create', { filename: 'statement.csv', content_type: 'text/csv', size: bytes.length });
  const put = (upload: Upload, bytes: Buffer, contentType = upload.upload_headers['Content-Type']) =>
    fetch(upload.upload_url, { method: 'PUT', headers: { 'Content-Type': contentType }, body: bytes });

  it('uploads through the presigned URL, confirms, and downloads the same bytes', async () => {
    const created = await createCsv();
    expect(created.isError).toBe(false);
    const upload = created.body as Upload;
    expect(upload).toEqual({
      id: expect.any(String),
      upload_url: expect.stringContaining(`${kadu.baseUrl}/api/v1/files/${upload.id}/content?expires=`),
      upload_method: 'PUT',
      upload_headers: { 'Content-Type': 'text/csv' },
      expires_at: expect.any(String),
    });

    const uploaded = await put(upload, csv);
    expect(uploaded.status).toBe(200);
    expect((await put(upload, csv)).status).toBe(403);

    const confirmed = await callTool(kadu, acme.mcp, 'kadu_files_confirm', { id: upload.id });
    expect(confirmed.body).toMatchObject({ id: upload.id, status: 'ready', size: csv.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const link = (await callTool(kadu, acme.mcp, 'kadu_files_download', { id: upload.id })).body as { download_url: string };
    const downloaded = await fetch(link.download_url);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toContain('text/csv');
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(csv);
  });

  it('uploads a JSON file as its exact bytes (no body parser in the way)', async () => {
    const json = Buffer.from(JSON.stringify({ a: 1, padding: 'x'.repeat(200_000) }));
    const upload = (await callTool(kadu, acme.mcp, 'kadu_files_create', { filename: 'a.json', content_type: 'application/json', size: json.length }))
      .body as Upload;
    expect((await put(upload, json)).status).toBe(200);
    await callTool(kadu, acme.mcp, 'kadu_files_confirm', { id: upload.id });
    const link = (await callTool(kadu, acme.mcp, 'kadu_files_download', { id: upload.id })).body as { download_url: string };
    // equals(), not toEqual(): a deep comparison of 200 kB byte by byte takes seconds.
    expect(Buffer.from(await (await fetch(link.download_url)).arrayBuffer()).equals(json)).toBe(true);
  });

  it('refuses a forged signature, another type and another size, in JSON', async () => {
    const upload = (await createCsv()).body as Upload;
    // Flip the first hex digit: always writing '0' left the true signature 1 time in 16.
    const forgedUrl = upload.upload_url.replace(/signature=(.)/, (_match, first: string) => `signature=${first === '0' ? '1' : '0'}`);
    const forged = await fetch(forgedUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/csv' },
      body: csv,
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ statusCode: 403, message: 'Invalid signature' });
    expect((await put(upload, csv, 'text/plain')).status).toBe(415);
    expect((await put(upload, Buffer.concat([csv, Buffer.from('more')]))).status).toBe(413);
    expect((await put(upload, csv.subarray(1))).status).toBe(400);
    // Every refusal left the URL usable.
    expect((await put(upload, csv)).status).toBe(200);
  });

  it('refuses a size above KADU_FILES_MAX_BYTES and confirming before the upload', async () => {
    const tooBig = await callTool(kadu, acme.mcp, 'kadu_files_create', { filename: 'x.csv', content_type: 'text/csv', size: 11 * 1024 * 1024 });
    expect(tooBig).toEqual({ isError: true, body: { statusCode: 400, error: 'Bad Request', message: ['size must not be greater than 10485760'] } });
    const upload = (await createCsv()).body as Upload;
    expect((await callTool(kadu, acme.mcp, 'kadu_files_confirm', { id: upload.id })).body).toMatchObject({ statusCode: 409 });
  });

  it('deletes a file and its bytes: the download URL stops working', async () => {
    const upload = (await createCsv()).body as Upload;
    await put(upload, csv);
    await callTool(kadu, acme.mcp, 'kadu_files_confirm', { id: upload.id });
    const link = (await callTool(kadu, acme.mcp, 'kadu_files_download', { id: upload.id })).body as { download_url: string };
    expect((await callTool(kadu, acme.mcp, 'kadu_files_delete', { id: upload.id })).body).toEqual({ id: upload.id, deleted_at: expect.any(String) });
    expect((await fetch(link.download_url)).status).toBe(404);
    expect((await callTool(kadu, acme.mcp, 'kadu_files_get', { id: upload.id })).body).toMatchObject({ statusCode: 404 });
  });

  it('answers 404 to another organization for the file, everywhere', async () => {
    const upload = (await createCsv()).body as Upload;
    for (const tool of ['kadu_files_get', 'kadu_files_confirm', 'kadu_files_download', 'kadu_files_delete']) {
      expect(await callTool(kadu, other.mcp, tool, { id: upload.id })).toEqual({
        isError: true,
        body: { statusCode: 404, message: 'File not found', error: 'Not Found' },
      });
    }
    expect((await callRest(kadu, other.api, 'GET', `/files/${upload.id}`)).status).toBe(404);
    const listed = (await callTool(kadu, other.mcp, 'kadu_files_list', {})).body as { data: Array<{ id: string }> };
    expect(listed.data.map((file) => file.id)).not.toContain(upload.id);
  });

  it('answers the same JSON over REST and MCP, for successes and failures', async () => {
    const upload = (await createCsv()).body as Upload;
    await put(upload, csv);
    await callTool(kadu, acme.mcp, 'kadu_files_confirm', { id: upload.id });
    const missing = '00000000-0000-0000-0000-000000000000';
    const pairs: Array<[string, Record<string, unknown>, string, string, unknown?]> = [
      ['kadu_files_get', { id: upload.id }, 'GET', `/files/${upload.id}`],
      ['kadu_files_get', { id: missing }, 'GET', `/files/${missing}`],
      ['kadu_files_list', { limit: 2 }, 'GET', '/files?limit=2'],
      ['kadu_files_list', { limit: 500 }, 'GET', '/files?limit=500'],
      ['kadu_files_confirm', { id: upload.id }, 'POST', `/files/${upload.id}/confirm`],
      ['kadu_files_confirm', { id: missing }, 'POST', `/files/${missing}/confirm`],
      ['kadu_files_download', { id: missing }, 'POST', `/files/${missing}/download`],
      ['kadu_files_create', { filename: 'a/b', content_type: 'image/png', size: 0 }, 'POST', '/files', { filename: 'a/b', content_type: 'image/png', size: 0 }],
      ['kadu_files_delete', { id: missing }, 'DELETE', `/files/${missing}`],
    ];
    for (const [tool, args, method, path, body] of pairs) {
      const viaMcp = await callTool(kadu, acme.mcp, tool, args);
      const viaRest = await callRest(kadu, acme.api, method, path, body);
      expect({ tool, body: viaMcp.body, isError: viaMcp.isError }).toEqual({ tool, body: viaRest.body, isError: viaRest.status >= 400 });
    }
  });
});
