/**
 * The person in the OAuth e2e specs: headless Chromium (Debian's
 * `/usr/bin/chromium`) opens the authorization URL a client produced, signs
 * in on the host's sign-in page, reads the consent page, clicks Allow or
 * Deny, and lands on the client's loopback `redirect_uri`, a tiny HTTP
 * server on 127.0.0.1 that records the query (`code`, `state`, `iss`, or
 * `error`).
 */
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';

/** Upper bound of every page wait. */
const STEP_TIMEOUT_MS = 10_000;

/** Resolves after `ms` without keeping the process alive (a race's loser must not hold jest open). */
function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}

/** The client's loopback redirect target. */
export interface RedirectCatcher {
  /** `http://127.0.0.1:<port>/callback`. */
  redirectUri: string;
  /** Query strings received, oldest first. */
  received: URLSearchParams[];
  /** The next redirect received from now on, or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<URLSearchParams>;
  close(): Promise<void>;
}

/** Starts the redirect target on 127.0.0.1. */
export async function startRedirectCatcher(): Promise<RedirectCatcher> {
  const received: URLSearchParams[] = [];
  const waiters: Array<(params: URLSearchParams) => void> = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    received.push(url.searchParams);
    waiters.splice(0).forEach((resolve) => resolve(url.searchParams));
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<main id="done">You may close this window.</main>');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return {
    redirectUri,
    received,
    next: (timeoutMs = STEP_TIMEOUT_MS) =>
      new Promise<URLSearchParams>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no redirect to ${redirectUri} within ${timeoutMs} ms`)), timeoutMs).unref();
        waiters.push((params) => {
          clearTimeout(timer);
          resolve(params);
        });
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Who signs in. */
export interface Person {
  email: string;
  password: string;
}

/** What the person saw and where the browser ended. */
export interface AuthorizationOutcome {
  /** The consent page's visible text (empty when none was shown). */
  consentText: string;
  /** The consent page's URL (empty when none was shown). */
  consentUrl: string;
  /** What the consent page's parts say (`#client-name`, `#organization`, `#client-origin`, `#client-redirect`, `#loopback-warning`, `#scopes li`), `null` when a part is missing. */
  consent: ConsentParts;
  /** The query the client's redirect_uri received. */
  callback: URLSearchParams;
}

/** The consent page, part by part. */
export interface ConsentParts {
  clientName: string | null;
  organization: string | null;
  origin: string | null;
  /** Where the answer goes (`#client-redirect`). */
  redirect: string | null;
  /** The warning of a redirect to this computer (`#loopback-warning`). */
  loopbackWarning: string | null;
  /** Each listed scope: its code (`data-scope`) and the words shown for it. */
  scopes: Array<{ scope: string | null; text: string }>;
}

/** What the browser saw when the flow stopped before the client's redirect. */
export interface StoppedFlow {
  status: number | undefined;
  url: string;
  text: string;
}

/** Headless Chromium acting as the person. */
export class PersonBrowser {
  private constructor(private readonly browser: Browser) {}

  static async launch(): Promise<PersonBrowser> {
    return new PersonBrowser(await launchChromium());
  }

  /**
   * Opens `authorizationUrl` in a fresh context (no session), signs in as
   * `person` when the sign-in page shows, and clicks `decision` on the
   * consent page; resolves with the redirect `catcher` received.
   */
  async authorize(
    authorizationUrl: URL | string,
    person: Person,
    catcher: RedirectCatcher,
    decision: 'allow' | 'deny' = 'allow',
  ): Promise<AuthorizationOutcome> {
    const context = await this.browser.newContext();
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      const redirected = catcher.next(4 * STEP_TIMEOUT_MS);
      redirected.catch(() => undefined);
      await page.goto(String(authorizationUrl));
      if (await page.isVisible('input[name=email]')) {
        if (new URL(page.url()).pathname !== '/sign-in') throw new Error(`expected the sign-in page, got ${page.url()}`);
        await page.fill('input[name=email]', person.email);
        await page.fill('input[name=password]', person.password);
        await Promise.all([page.waitForURL((url) => url.pathname !== '/sign-in'), page.click('button[type=submit]')]);
      }
      const consentUrl = page.url();
      if (!/\/oauth\/consent\//.test(new URL(consentUrl).pathname)) {
        throw new Error(`expected the consent page, got ${consentUrl}: ${(await page.textContent('body'))?.slice(0, 500)}`);
      }
      const consentText = (await page.innerText('body')).replace(/\s+/g, ' ').trim();
      const part = async (selector: string) => ((await page.$(selector)) ? (await page.innerText(selector)).trim() : null);
      const consent: ConsentParts = {
        clientName: await part('#client-name'),
        organization: await part('#organization'),
        origin: await part('#client-origin'),
        redirect: await part('#client-redirect'),
        loopbackWarning: await part('#loopback-warning'),
        scopes: await page.$$eval('#scopes li', (items) =>
          items.map((item) => ({ scope: item.getAttribute('data-scope'), text: (item.textContent ?? '').trim() })),
        ),
      };
      await page.click(`button[name=decision][value=${decision}]`);
      const callback = await Promise.race([redirected, delay(STEP_TIMEOUT_MS)]);
      if (!callback) {
        const text = await page.innerText('body').catch(() => '');
        throw new Error(
          `after ${decision}, no redirect to ${catcher.redirectUri}; the browser is at ${page.url()}: ${text.replace(/\s+/g, ' ').slice(0, 500)}`,
        );
      }
      return { consentText, consentUrl, consent, callback };
    } finally {
      await context.close();
    }
  }

  /**
   * Opens `authorizationUrl` in a fresh context, signs in as `person` on the
   * sign-in page it shows, and returns where the browser stopped after
   * submitting: for sign-ins the host must refuse (a wrong password, someone
   * it does not know).
   */
  async attemptSignIn(authorizationUrl: URL | string, person: Person): Promise<StoppedFlow> {
    const context = await this.browser.newContext();
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.goto(String(authorizationUrl));
      if (new URL(page.url()).pathname !== '/sign-in') throw new Error(`expected the sign-in page, got ${page.url()}`);
      await page.fill('input[name=email]', person.email);
      await page.fill('input[name=password]', person.password);
      const [response] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      return { status: response?.status(), url: page.url(), text: (await page.innerText('body')).replace(/\s+/g, ' ').trim() };
    } finally {
      await context.close();
    }
  }

  /**
   * Opens `url` in a fresh context and returns where the browser stopped
   * (status, URL, text): for flows the server must refuse before any consent.
   */
  async open(url: URL | string): Promise<StoppedFlow> {
    const context = await this.browser.newContext();
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      const response = await page.goto(String(url));
      return { status: response?.status(), url: page.url(), text: (await page.innerText('body')).replace(/\s+/g, ' ').trim() };
    } finally {
      await context.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
