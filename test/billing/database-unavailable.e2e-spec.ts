/**
 * Billing's `/api/v1` under a transient database fault answers as Kadu's
 * does (same filter, same database layer): 503 + `Retry-After: 1` in Nest's
 * error shape, nothing written, and the retry succeeds.
 */
import Database from 'better-sqlite3';
import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLITE_BUSY_TIMEOUT_MS } from '@kobana/database';
import { BillingTestApp, Json, rpc2025, startBilling } from './billing-app';

jest.setTimeout(60_000);

describe('Billing REST: a locked database', () => {
  let dir: string;
  let file: string;
  let billing: BillingTestApp;
  let api: string;
  let warn: jest.SpyInstance;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'billing-locked-'));
    file = join(dir, 'billing.sqlite');
    billing = await startBilling({ DATABASE_URL: `sqlite:${file}` });
    api = await billing.token('acme', 'admin', { audience: 'api' });
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation();
  });
  afterEach(async () => {
    warn.mockRestore();
    await billing.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function createCustomer(body: Json, key: string) {
    const response = await fetch(`${billing.baseUrl}/api/v1/customers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${api}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Json };
  }

  it('a write lock held by another connection: 503 + Retry-After: 1, no customer written; the retry creates it', async () => {
    const input = { name: 'Padaria Pão Quente', document: '12345678000195', email: 'contas@padaria.test' };
    const locker = new Database(file);
    locker.exec('BEGIN IMMEDIATE');
    let refused;
    let waited: number;
    try {
      const started = Date.now();
      refused = await createCustomer(input, 'locked-1');
      waited = Date.now() - started;
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
    expect(waited).toBeLessThan(SQLITE_BUSY_TIMEOUT_MS + 2000);
    expect(refused).toEqual({
      status: 503,
      retryAfter: '1',
      body: { statusCode: 503, message: 'Service temporarily unavailable: retry the request', error: 'Service Unavailable' },
    });
    const warnings = warn.mock.calls.map(([message]) => String(message)).filter((message) => message.startsWith('Transient database fault'));
    expect(warnings).toEqual([expect.stringMatching(/^Transient database fault SQLITE_BUSY\w* on POST \/api\/v1\/customers: answered 503, Retry-After 1$/)]);
    const reader = new Database(file, { readonly: true });
    try {
      expect(reader.prepare('select count(*) as n from customers').get()).toEqual({ n: 0 });
    } finally {
      reader.close();
    }

    const retried = await createCustomer(input, 'locked-1');
    expect([retried.status, retried.retryAfter, retried.body.name]).toEqual([201, null, input.name]);
  });

  it('the same lock over MCP: 503 -32030, no Retry-After (Billing sends it on 429 only), nothing written', async () => {
    const mcp = await billing.token('acme', 'admin');
    const locker = new Database(file);
    locker.exec('BEGIN IMMEDIATE');
    let refused;
    try {
      const args = { name: 'Locked', document: '12345678000195', email: 'a@b.test', idempotency_key: 'mcp-locked-1' };
      refused = await rpc2025(billing, mcp, 'tools/call', { name: 'billing_customers_create', arguments: args });
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, null]);
    expect(refused.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32030, message: 'Server unavailable' } });
    const reader = new Database(file, { readonly: true });
    try {
      expect(reader.prepare('select count(*) as n from customers').get()).toEqual({ n: 0 });
    } finally {
      reader.close();
    }
  });
});
