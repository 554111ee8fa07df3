/**
 * Billing's API routes get their JSON parser from the MCP module (its
 * default): a body nested deeper than the MCP endpoint allows is refused
 * with 400 before parsing, nothing is written, and Billing keeps serving.
 */
import { BillingTestApp, rest, startBilling } from './billing-app';

describe('Billing: deeply nested JSON bodies answer 400, never 500', () => {
  let billing: BillingTestApp;
  let api: string;
  beforeAll(async () => {
    billing = await startBilling();
    api = await billing.token('acme', 'admin', { audience: 'api' });
  });
  afterAll(() => billing?.close());

  const send = async (method: string, path: string, text: string) => {
    const response = await fetch(`${billing.baseUrl}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${api}`, 'Content-Type': 'application/json' },
      body: text,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const tooDeep = { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'JSON nested deeper than 128 levels' } };

  it('3,000 levels of arrays or objects: 400, nothing created or changed', async () => {
    const input = { name: 'Padaria Pão Quente', document: '12345678000195', email: 'contas@padaria.test' };
    const arrays = `${'['.repeat(3000)}${']'.repeat(3000)}`;
    const objects = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    expect(await send('POST', '/customers', JSON.stringify(input).replace(/}$/, `,"notes":${arrays}}`))).toEqual(tooDeep);
    expect(await send('POST', '/customers', JSON.stringify(input).replace(/}$/, `,"notes":${objects}}`))).toEqual(tooDeep);
    expect((await rest(billing, api, 'GET', '/customers')).body.data).toEqual([]);
    const created = await rest(billing, api, 'POST', '/customers', input);
    expect(created.status).toBe(201);
    expect(await send('PATCH', `/customers/${created.body.id}`, `{"name":${arrays}}`)).toEqual(tooDeep);
    expect((await rest(billing, api, 'GET', `/customers/${created.body.id}`)).body).toEqual(created.body);
  });

  it('128 levels still reach validation, and brackets inside strings do not count', async () => {
    // The body's own braces are the first level.
    const deepest = await send('POST', '/customers', `{"name":${'['.repeat(127)}${']'.repeat(127)}}`);
    expect(deepest).toMatchObject({ status: 400, body: { statusCode: 400, error: 'Bad Request' } });
    expect((deepest.body as { message: string[] }).message).toContain('name must be a string');
    expect(await send('POST', '/customers', `{"name":${'['.repeat(128)}${']'.repeat(128)}}`)).toEqual(tooDeep);
    const quoted = await rest(billing, api, 'POST', '/customers', { name: `\\"${'[{'.repeat(60)}`, document: '11144477735', email: 'a@b.test' });
    expect(quoted.status).toBe(201);
  });
});
