/**
 * One client's conversation spread over several replicas: REST with an API
 * token (tools over raw JSON-RPC are in replicas.mcp.ts), and a file upload
 * whose three steps each go to a different replica.
 */
import type { Replica } from './replica.process';

/** An answer over REST: status and parsed JSON body. */
export interface RestAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The tokens of one user, for both audiences. */
export interface ClientTokens {
  api: string;
  mcp: string;
}

/** A REST call on one replica. */
export async function rest(replica: Replica, token: string, method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<RestAnswer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const res = await fetch(`${replica.baseUrl}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/**
 * Uploads a CSV: the upload is created on `via[0]`, its bytes are PUT on
 * `via[1]` (the signed URL moved to that replica's origin: the signature
 * must not depend on who made it) and it is confirmed on `via[2]`.
 *
 * @returns the ready file's id.
 */
export async function uploadCsv(via: [Replica, Replica, Replica], tokens: ClientTokens, filename: string, csv: string): Promise<string> {
  const bytes = Buffer.from(csv, 'utf8');
  const created = await rest(via[0], tokens.api, 'POST', '/files', { filename, content_type: 'text/csv', size: bytes.length });
  if (created.status !== 201) throw new Error(`create ${filename}: ${created.status} ${JSON.stringify(created.body)}`);
  const url = new URL(created.body.upload_url as string);
  const moved = `${via[1].baseUrl}${url.pathname}${url.search}`;
  const put = await fetch(moved, { method: 'PUT', headers: { 'Content-Type': 'text/csv' }, body: bytes, signal: AbortSignal.timeout(20_000) });
  if (put.status !== 200) throw new Error(`upload ${filename}: ${put.status} ${await put.text()}`);
  const confirmed = await rest(via[2], tokens.api, 'POST', `/files/${created.body.id as string}/confirm`);
  if (confirmed.status !== 200 || confirmed.body.status !== 'ready')
    throw new Error(`confirm ${filename}: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return created.body.id as string;
}

/**
 * Runs `count` calls of `call(index)` with at most `concurrency` in flight:
 * a bounded load, whatever the count.
 */
export async function inPool<T>(count: number, concurrency: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await call(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return results;
}
