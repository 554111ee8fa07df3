/**
 * The API page at `/api/docs` in Chromium: every operation of the served
 * document on it, its stylesheet allowed by the CSP, no script, no request
 * beyond the page itself; and, turned off, the 404 of an unknown path.
 */
import type { Browser } from 'playwright-core';
import type { OpenApiDocument } from '@kobana/openapi';
import { launchChromium } from '../support/chromium';
import { KaduTestApp, startKadu } from '../support/kadu-app';

jest.setTimeout(60_000);

describe('Kadu: the API page at /api/docs', () => {
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

  it('shows every operation of the document, styled, with nothing blocked and nothing loaded from elsewhere', async () => {
    const document = (await (await fetch(`${kadu.baseUrl}/api/v1/openapi.json`)).json()) as OpenApiDocument;
    const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    const page = await browser.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => requests.push(request.url()));

    const response = await page.goto(`${kadu.baseUrl}/api/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[^']+';/);
    expect(await page.title()).toBe('Kadu API 1');
    const shown = await page.locator('section.operation').evaluateAll((sections) => sections.map((section) => section.id));
    expect(shown.sort()).toEqual(operationIds.sort());
    // The inline stylesheet ran: the CSP allowed it by its hash.
    expect(
      await page
        .locator('#kadu_tasks_get')
        .evaluate(
          (section) => (globalThis as unknown as { getComputedStyle(element: unknown): { backgroundColor: string } }).getComputedStyle(section).backgroundColor,
        ),
    ).toBe('rgb(255, 255, 255)');

    await page.click('nav a[href="#tag-files"]');
    expect(page.url()).toBe(`${kadu.baseUrl}/api/docs#tag-files`);
    const answer = page.locator('#kadu_tasks_get details').first();
    await answer.locator('summary').click();
    await expect(answer.locator('pre').textContent()).resolves.toContain('"rules"');
    await page.close();

    expect(requests).toEqual([`${kadu.baseUrl}/api/docs`]);
    expect(problems).toEqual([]);
  });

  it('answers the 404 of an unknown path with KADU_OPENAPI_UI=false, and the document is still served', async () => {
    const off = await startKadu({ env: { KADU_OPENAPI_UI: 'false' } });
    try {
      const page = await fetch(`${off.baseUrl}/api/docs`);
      expect(page.status).toBe(404);
      expect(await page.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /api/docs' });
      const unknown = await fetch(`${off.baseUrl}/api/nothing`);
      expect(((await unknown.json()) as { message: string }).message).toBe('Cannot GET /api/nothing');
      expect((await fetch(`${off.baseUrl}/api/v1/openapi.json`)).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
