/**
 * The REST API's 1 MiB body limit, on both hosts: a JSON body one byte over
 * it (with its Content-Length) is refused with 413 in Nest's error shape
 * before anything runs; one exactly at it is parsed and reaches validation.
 */
import { request as httpRequest } from 'node:http';
import { BillingTestApp, startBilling } from '../billing/billing-app';
import { KaduTestApp, startKadu } from '../support/kadu-app';

jest.setTimeout(60_000);

const LIMIT = 1_048_576;

/** A JSON object of exactly `size` bytes: `{"<field>":"xxx…"}`. */
const bodyOfSize = (field: string, size: number) => Buffer.from(`{"${field}":"${'x'.repeat(size - field.length - 7)}"}`);

/** POSTs `body` with its Content-Length; a reset connection fails the test (every request here deserves an answer). */
function post(url: string, token: string, body: Buffer): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each([
  ['Kadu', '/api/v1/tasks', 'name', 'name must be shorter than or equal to'],
  ['Billing', '/api/v1/customers', 'name', 'name must be shorter than or equal to'],
])('%s: the REST body limit of 1 MiB', (host, path, field, validation) => {
  let url: string;
  let token: string;
  let close: () => Promise<void>;
  let list: () => Promise<unknown>;

  beforeAll(async () => {
    if (host === 'Kadu') {
      const kadu: KaduTestApp = await startKadu();
      token = await kadu.token('org-limit', 'owner', { audience: 'api' });
      [url, close] = [`${kadu.baseUrl}${path}`, () => kadu.close()];
    } else {
      const billing: BillingTestApp = await startBilling();
      token = await billing.token('org-limit', 'owner', { audience: 'api' });
      [url, close] = [`${billing.baseUrl}${path}`, () => billing.close()];
    }
    list = async () => ((await (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: unknown }).data;
  });
  afterAll(() => close?.());

  it('one byte over: 413 in Nest’s error shape, nothing created', async () => {
    const body = bodyOfSize(field, LIMIT + 1);
    expect(body.length).toBe(LIMIT + 1);
    const refused = await post(url, token, body);
    expect(refused).toEqual({
      status: 413,
      // Refused as the bytes arrive, as a PayloadTooLargeException: the API's other 4xx shape, `error` included.
      body: { statusCode: 413, message: 'request entity too large', error: 'Payload Too Large' },
    });
    expect(await list()).toEqual([]);
  });

  it('exactly at the limit: parsed, and refused by validation (400) instead', async () => {
    const body = bodyOfSize(field, LIMIT);
    expect(body.length).toBe(LIMIT);
    const answer = await post(url, token, body);
    expect(answer).toMatchObject({ status: 400, body: { statusCode: 400, error: 'Bad Request' } });
    expect(JSON.stringify((answer.body as { message: unknown }).message)).toContain(validation);
    expect(await list()).toEqual([]);
  });
});
