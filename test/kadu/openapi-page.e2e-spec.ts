/**
 * The API reference at `/api/docs` in Chromium: Swagger UI, served by the
 * host itself, shows every operation of the served document; a token pasted
 * through "Authorize" lets "Try it out" call `GET /api/v1/organization` and
 * show its 200; nothing is blocked by the CSP (which allows no inline code
 * and no `eval`) and nothing is loaded from elsewhere. Turned off, the page
 * and its files answer the 404 of an unknown path.
 */
import type { Browser } from 'playwright-core';
import type { OpenApiDocument } from '@kobana/openapi';
import { launchChromium } from '../support/chromium';
import { KaduTestApp, startKadu } from '../support/kadu-app';

jest.setTimeout(90_000);

/** Records, in the page, every CSP violation the browser reports (before any script of the page runs). */
const RECORD_CSP_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
`;

describe('Kadu: the API reference at /api/docs', () => {
  let kadu: KaduTestApp;
  let browser: Browser;

  beforeAll(async () => {
    kadu = await startKadu();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await kadu?.close();
  });

  it('lists every operation, tries GET /api/v1/organization with a pasted token, with nothing blocked and nothing from elsewhere', async () => {
    const document = (await (await fetch(`${kadu.baseUrl}/api/v1/openapi.json`)).json()) as OpenApiDocument;
    const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    const token = await kadu.token('docs-org', 'owner', { audience: 'api' });
    const page = await browser.newPage();
    await page.addInitScript(RECORD_CSP_VIOLATIONS);
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', (answer) => answer.status() >= 400 && problems.push(`${answer.status()} ${answer.url()}`));

    const response = await page.goto(`${kadu.baseUrl}/api/docs`);
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/unsafe-(eval|inline)/);
    expect(await page.title()).toBe('Kadu API reference');

    // Swagger UI gives each operation an element `operations-<tag>-<operationId>`.
    await page.waitForSelector('.opblock');
    const shown = await page.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => block.id.replace(/^operations-[^-]+-/, '')));
    expect(shown.sort()).toEqual(operationIds.sort());

    // The token goes in through the Authorize dialog, as a person pastes it.
    await page.click('button.authorize');
    await page.fill('.auth-container input', token);
    await page.click('.auth-container button.authorize');
    await page.click('button.btn-done');

    const operation = page.locator('#operations-organization-kadu_organization_get');
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await expect(status.first().textContent()).resolves.toContain('200');
    const organization = (await (await fetch(`${kadu.baseUrl}/api/v1/organization`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: string;
    };
    await expect(operation.locator('.live-responses-table').textContent()).resolves.toContain(organization.id);
    expect(await page.evaluate(() => (globalThis as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
    await page.close();

    expect(requests.every((url) => url.startsWith(`${kadu.baseUrl}/`))).toBe(true);
    expect(requests).toContain(`${kadu.baseUrl}/api/v1/organization`);
    expect(problems).toEqual([]);
  });

  it('serves its files with a year of caching at a digest URL, and nothing else under assets/', async () => {
    const html = await (await fetch(`${kadu.baseUrl}/api/docs`)).text();
    const paths = [...html.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(paths.map((path) => path.split('/').pop()).sort()).toEqual([
      'favicon-32x32.png',
      'openapi-page.css',
      'openapi-page.js',
      'swagger-ui-bundle.js',
      'swagger-ui.css',
    ]);
    for (const path of paths) {
      const asset = await fetch(`${kadu.baseUrl}${path}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-type')).toMatch({ js: /^text\/javascript/, css: /^text\/css/, png: /^image\/png/ }[path.split('.').pop()!]!);
      await asset.arrayBuffer();
    }
    const renamed = paths[0].replace(/\/assets\/[0-9a-f]+\//, '/assets/0000000000000000/');
    expect((await fetch(`${kadu.baseUrl}${renamed}`)).status).toBe(404);
    expect((await fetch(`${kadu.baseUrl}/api/docs/assets/${paths[0].split('/')[4]}/package.json`)).status).toBe(404);
  });

  it('answers the 404 of an unknown path with KADU_OPENAPI_UI=false, for the page and its files, and the document is still served', async () => {
    const on = await (await fetch(`${kadu.baseUrl}/api/docs`)).text();
    const bundle = /src="(\/api\/docs\/assets\/[^"]+swagger-ui-bundle\.js)"/.exec(on)![1];
    const off = await startKadu({ env: { KADU_OPENAPI_UI: 'false' } });
    try {
      const page = await fetch(`${off.baseUrl}/api/docs`);
      expect(page.status).toBe(404);
      expect(await page.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /api/docs' });
      expect((await fetch(`${off.baseUrl}${bundle}`)).status).toBe(404);
      const unknown = await fetch(`${off.baseUrl}/api/nothing`);
      expect(((await unknown.json()) as { message: string }).message).toBe('Cannot GET /api/nothing');
      expect((await fetch(`${off.baseUrl}/api/v1/openapi.json`)).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
