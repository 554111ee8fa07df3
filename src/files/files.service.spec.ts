import { Logger } from '@nestjs/common';
import type { Request } from 'express';
import { Readable } from 'node:stream';
import { MCP_TOOL_METADATA } from '@kobana/mcp/testing';
import { FilesKit, openFilesKit } from '../../test/support/files.test-kit';
import { FilesService } from './files.service';

/** A PUT body as the content service reads it: a stream with headers. */
function putRequest(bytes: Buffer, contentType: string, contentLength: number | null = bytes.length): Request {
  const stream = Readable.from([bytes]) as unknown as Request;
  const headers: Record<string, string> = { 'content-type': contentType };
  if (contentLength !== null) headers['content-length'] = String(contentLength);
  return Object.assign(stream, { headers });
}

describe('FilesService and the presigned content routes', () => {
  let kit: FilesKit;
  beforeAll(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  beforeEach(async () => (kit = await openFilesKit()));
  afterEach(() => kit.close());

  const csv = Buffer.from('date,description,amount\n');
  const signedQuery = (url: string) => Object.fromEntries(new URL(url).searchParams);

  async function created(slug = 'acme') {
    const caller = await kit.caller(slug);
    const upload = await kit.files.create(caller, { filename: 'a.csv', content_type: 'text/csv', size: csv.length });
    return { caller, upload, query: signedQuery(upload.upload_url) };
  }

  it('uploads, confirms with the SHA-256 of what arrived, and reads it back', async () => {
    const { caller, upload, query } = await created();
    await expect(kit.content.upload(upload.id, query, putRequest(csv, 'text/csv; charset=utf-8'))).resolves.toMatchObject({ status: 'uploaded' });
    const confirmed = await kit.files.confirm(caller, { id: upload.id });
    expect(confirmed).toMatchObject({ status: 'ready', size: csv.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await expect(kit.reader.readReady(caller.organization_id, upload.id)).resolves.toEqual({
      id: upload.id,
      filename: 'a.csv',
      content_type: 'text/csv',
      bytes: csv,
    });
  });

  it('enforces the declared content type and size, leaving the URL usable after a refusal', async () => {
    const { upload, query } = await created();
    await expect(kit.content.upload(upload.id, query, putRequest(csv, 'text/plain'))).rejects.toMatchObject({ status: 415 });
    await expect(kit.content.upload(upload.id, query, putRequest(Buffer.concat([csv, csv]), 'text/csv'))).rejects.toMatchObject({ status: 413 });
    // Without Content-Length (chunked), the limit is enforced on the bytes as they arrive.
    await expect(kit.content.upload(upload.id, query, putRequest(Buffer.concat([csv, csv]), 'text/csv', null))).rejects.toMatchObject({ status: 413 });
    await expect(kit.content.upload(upload.id, query, putRequest(csv.subarray(2), 'text/csv', null))).rejects.toMatchObject({ status: 400 });
    await expect(kit.content.upload(upload.id, query, putRequest(csv, 'text/csv'))).resolves.toMatchObject({ size: csv.length });
  });

  it('refuses a second upload, a forged or expired signature, all with 403', async () => {
    const { upload, query } = await created();
    await kit.content.upload(upload.id, query, putRequest(csv, 'text/csv'));
    await expect(kit.content.upload(upload.id, query, putRequest(csv, 'text/csv'))).rejects.toMatchObject({
      status: 403,
      message: 'This upload URL was already used',
    });
    const other = await kit.files.create(await kit.caller('beta'), { filename: 'b.csv', content_type: 'text/csv', size: csv.length });
    await expect(kit.content.upload(other.id, query, putRequest(csv, 'text/csv'))).rejects.toMatchObject({ status: 403, message: 'Invalid signature' });
    await expect(kit.content.upload('no-such-file', query, putRequest(csv, 'text/csv'))).rejects.toMatchObject({ status: 403 });
    jest.useFakeTimers({ now: Date.now() + 16 * 60 * 1000, doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      await expect(kit.content.upload(other.id, signedQuery(other.upload_url), putRequest(csv, 'text/csv'))).rejects.toMatchObject({
        status: 403,
        message: 'This URL has expired',
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a size above the configured maximum, and confirming before the upload', async () => {
    const caller = await kit.caller('acme');
    await expect(kit.files.create(caller, { filename: 'big.csv', content_type: 'text/csv', size: 1025 })).rejects.toMatchObject({
      status: 400,
      response: { message: ['size must not be greater than 1024'] },
    });
    const upload = await kit.files.create(caller, { filename: 'a.csv', content_type: 'text/csv', size: 10 });
    await expect(kit.files.confirm(caller, { id: upload.id })).rejects.toMatchObject({ status: 409 });
  });

  it('keeps organizations apart: 404 for every read and write of another organization’s file', async () => {
    const { upload } = await created('acme');
    const intruder = await kit.caller('beta');
    for (const call of [
      () => kit.files.get(intruder, { id: upload.id }),
      () => kit.files.confirm(intruder, { id: upload.id }),
      () => kit.files.download(intruder, { id: upload.id }),
      () => kit.files.delete(intruder, { id: upload.id }),
      () => kit.reader.readReady(intruder.organization_id, upload.id),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 404, message: 'File not found' });
    }
    expect((await kit.files.list(intruder, {})).data).toEqual([]);
  });

  it('writes execution outputs ready to read, and soft-deletes with the bytes', async () => {
    const caller = await kit.caller('acme');
    const { id } = await kit.writer.writeOutput(caller.organization_id, { filename: 'out.json', content_type: 'application/json', bytes: Buffer.from('{}') });
    await expect(kit.files.get(caller, { id })).resolves.toMatchObject({ status: 'ready', source: 'execution', size: 2 });
    await expect(kit.files.delete(caller, { id })).resolves.toEqual({ id, deleted_at: expect.any(String) });
    await expect(kit.reader.readReady(caller.organization_id, id)).rejects.toMatchObject({ status: 404 });
    expect((await kit.db.selectFrom('files').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
  });

  it('lets a viewer read but not write', async () => {
    const viewer = await kit.caller('acme', 'viewer');
    await expect(kit.files.list(viewer, {})).resolves.toMatchObject({ data: [] });
    await expect(kit.files.create(viewer, { filename: 'a.csv', content_type: 'text/csv', size: 1 })).rejects.toMatchObject({ status: 403 });
  });

  it.each([
    ['list', 'kadu_files_list', { readOnlyHint: true }],
    ['create', 'kadu_files_create', {}],
    ['confirm', 'kadu_files_confirm', { idempotentHint: true }],
    ['download', 'kadu_files_download', { readOnlyHint: true }],
    ['delete', 'kadu_files_delete', { destructiveHint: true }],
  ] as const)('%s is the MCP tool %s', (method, name, annotations) => {
    expect(Reflect.getMetadata(MCP_TOOL_METADATA, FilesService.prototype[method])).toMatchObject({ name, annotations });
  });
});
