import { createServer, Server } from 'node:https';
import { Logger } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { ClientMetadataError } from './client-metadata.error';
import { ClientMetadataPolicyError } from './client-metadata-policy.error';
import { ClientMetadataDocuments } from './client-metadata-resolver.provider';

/** How long the slow documents take. */
const HELD_MS = 600;

/** Documents served over real HTTPS on 127.0.0.1, with a certificate made for this run (never committed). */
describe('ClientMetadataDocuments', () => {
  let server: Server;
  let ca: string;
  let origin: string;
  let port: number;
  const hits = new Map<string, number>();
  const hitsOf = (path: string) => hits.get(path) ?? 0;

  /** What the server answers for each path; `{url}` is replaced by the requested URL. */
  type Route = { status?: number; headers?: Record<string, string>; body?: string; delayMs?: number };
  const routes: Record<string, Route> = {
    '/good.json': {
      headers: { 'Cache-Control': 'max-age=600' },
      body: '{"client_id":"{url}","client_name":"Good","redirect_uris":["https://app.example/cb"]}',
    },
    '/no-store.json': { headers: { 'Cache-Control': 'no-store' }, body: '{"client_id":"{url}","redirect_uris":["https://app.example/cb"]}' },
    '/other-id.json': { body: '{"client_id":"https://app.example/other.json","redirect_uris":["https://app.example/cb"]}' },
    '/redirect.json': { status: 302, headers: { Location: '/good.json' } },
    '/big.json': { body: `{"client_id":"{url}","redirect_uris":["https://app.example/cb"],"pad":"${'x'.repeat(6000)}"}` },
    '/slow.json': { delayMs: 1500, body: '{}' },
    '/not-json.json': { headers: { 'Content-Type': 'text/html' }, body: '<html>hello</html>' },
    '/missing.json': { status: 404, body: 'not found' },
  };

  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    });
    ca = pems.cert;
    server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
      const path = req.url ?? '';
      hits.set(path, hitsOf(path) + 1);
      expect(req.headers.accept).toBe('application/json');
      // `/held/<n>.json`: a good document, each answered after HELD_MS (a slow document host).
      const held: Route | undefined = path.startsWith('/held/')
        ? { delayMs: HELD_MS, body: '{"client_id":"{url}","redirect_uris":["https://app.example/cb"]}' }
        : undefined;
      const route = held ?? routes[path] ?? { status: 404 };
      const url = `https://${req.headers.host}${path}`;
      const answer = () =>
        res.writeHead(route.status ?? 200, { 'Content-Type': 'application/json', ...route.headers }).end((route.body ?? '').replace('{url}', url));
      if (route.delayMs) setTimeout(answer, route.delayMs).unref();
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    origin = `https://127.0.0.1:${port}`;
  });
  let warnings: string[];
  let warn: jest.SpyInstance;
  beforeEach(() => {
    hits.clear();
    warnings = [];
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
  });
  afterEach(() => warn.mockRestore());
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  const documents = (options: ConstructorParameters<typeof ClientMetadataDocuments>[0] = {}) =>
    new ClientMetadataDocuments({ allowLoopback: true, ca, production: false, ...options });
  const failure = async (promise: Promise<unknown>): Promise<ClientMetadataError> => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ClientMetadataError);
    return error as ClientMetadataError;
  };

  it('resolves a good document, normalized', async () => {
    await expect(documents().resolve(`${origin}/good.json`)).resolves.toEqual({
      client_id: `${origin}/good.json`,
      client_name: 'Good',
      redirect_uris: ['https://app.example/cb'],
      token_endpoint_auth_method: 'none',
    });
  });

  it('resolves a loopback name too when allowLoopback is set', async () => {
    await expect(documents().resolve(`https://localhost:${port}/good.json`)).resolves.toMatchObject({ client_name: 'Good' });
  });

  it('refuses a document whose client_id is not its URL', async () => {
    expect((await failure(documents().resolve(`${origin}/other-id.json`))).message).toBe(
      `the client metadata document at ${origin}/other-id.json has a client_id that is not its own URL`,
    );
  });

  it('refuses a redirect without following it', async () => {
    expect((await failure(documents().resolve(`${origin}/redirect.json`))).message).toContain('answered a redirect (HTTP 302), which is not followed');
    expect(hitsOf('/redirect.json')).toBe(1);
    expect(hitsOf('/good.json')).toBe(0);
  });

  it('refuses a document larger than 5 KiB', async () => {
    expect((await failure(documents().resolve(`${origin}/big.json`))).message).toBe(
      `the client metadata document at ${origin}/big.json is larger than 5120 bytes`,
    );
  });

  it('gives up on a slow server after timeoutMs, saying only that it could not be fetched; the log says why', async () => {
    expect((await failure(documents({ timeoutMs: 200 }).resolve(`${origin}/slow.json`))).message).toBe(
      `the client metadata document at ${origin}/slow.json could not be fetched`,
    );
    expect(warnings).toEqual([`Client metadata document ${origin}/slow.json could not be fetched: timed out after 200 ms`]);
  });

  it('refuses an answer that is not JSON, and one that is not 200', async () => {
    expect((await failure(documents().resolve(`${origin}/not-json.json`))).message).toBe(`the client metadata document at ${origin}/not-json.json is not JSON`);
    expect((await failure(documents().resolve(`${origin}/missing.json`))).message).toContain('answered HTTP 404, not 200');
  });

  it('refuses a client id that is not a metadata URL, without fetching', async () => {
    expect((await failure(documents().resolve(`http://127.0.0.1:${port}/good.json`))).message).toContain('is not a client metadata document URL');
    expect(hits.size).toBe(0);
  });

  it('without allowLoopback, refuses a loopback literal and a name that resolves to loopback, never connecting', async () => {
    const guarded = documents({ allowLoopback: false });
    expect((await failure(guarded.resolve(`${origin}/good.json`))).message).toBe(`the client metadata document at ${origin}/good.json could not be fetched`);
    expect((await failure(guarded.resolve(`https://localhost:${port}/good.json`))).message).toBe(
      `the client metadata document at https://localhost:${port}/good.json could not be fetched`,
    );
    expect(warnings).toEqual([
      `Client metadata document ${origin}/good.json could not be fetched: refused: 127.0.0.1 is a non-public address`,
      `Client metadata document https://localhost:${port}/good.json could not be fetched: refused: localhost resolves to a non-public address`,
    ]);
    expect(hits.size).toBe(0);
  });

  it('tells the client the same for a refused address, a closed port and a silent server', async () => {
    const urls = [`https://10.0.0.1/doc.json`, `https://127.0.0.1:1/doc.json`, `${origin}/slow.json`];
    const messages = [
      (await failure(documents({ allowLoopback: false }).resolve(urls[0]))).message,
      (await failure(documents().resolve(urls[1]))).message,
      (await failure(documents({ timeoutMs: 100 }).resolve(urls[2]))).message,
    ];
    expect(messages).toEqual(urls.map((url) => `the client metadata document at ${url} could not be fetched`));
    expect(warnings[0]).toContain('refused: 10.0.0.1 is a non-public address');
    expect(warnings[1]).toContain('ECONNREFUSED');
    expect(warnings[2]).toContain('timed out after 100 ms');
  });

  it('without the extra certificate authority, refuses the self-signed certificate', async () => {
    expect((await failure(documents({ ca: undefined }).resolve(`${origin}/good.json`))).message).toBe(
      `the client metadata document at ${origin}/good.json could not be fetched`,
    );
    expect(warnings[0]).toMatch(/could not be fetched: .*certificate/);
  });

  it('fetches a document once while its max-age lasts, and again after', async () => {
    let now = 1_000_000;
    const source = documents({ now: () => now });
    await source.resolve(`${origin}/good.json`);
    await source.resolve(`${origin}/good.json`);
    now += 599_000;
    await source.resolve(`${origin}/good.json`);
    expect(hitsOf('/good.json')).toBe(1);
    now += 1000;
    await source.resolve(`${origin}/good.json`);
    expect(hitsOf('/good.json')).toBe(2);
  });

  it('shares one fetch between concurrent resolutions', async () => {
    const source = documents();
    await Promise.all([1, 2, 3].map(() => source.resolve(`${origin}/good.json`)));
    expect(hitsOf('/good.json')).toBe(1);
  });

  it('fetches a no-store document every time', async () => {
    const source = documents();
    await source.resolve(`${origin}/no-store.json`);
    await source.resolve(`${origin}/no-store.json`);
    expect(hitsOf('/no-store.json')).toBe(2);
  });

  it('remembers a failure for failureCacheSeconds, so a bad URL is not hammered', async () => {
    let now = 1_000_000;
    const source = documents({ now: () => now, failureCacheSeconds: 30 });
    const first = await failure(source.resolve(`${origin}/missing.json`));
    const second = await failure(source.resolve(`${origin}/missing.json`));
    expect(second).toBe(first);
    expect(hitsOf('/missing.json')).toBe(1);
    now += 30_000;
    await failure(source.resolve(`${origin}/missing.json`));
    expect(hitsOf('/missing.json')).toBe(2);
  });

  /** Resolves every URL at once; answers what each gave and how long it took. */
  const resolveAll = (source: ClientMetadataDocuments, urls: string[]) =>
    Promise.all(
      urls.map(async (url) => {
        const started = performance.now();
        const outcome = await source.resolve(url).then(
          () => 'resolved',
          (error: Error) => error.message,
        );
        return { url, outcome, ms: performance.now() - started };
      }),
    );
  const heldHits = () => [...hits].filter(([path]) => path.startsWith('/held/')).reduce((sum, [, count]) => sum + count, 0);

  it('fetches at most maxFetchesPerHost documents of one host at once; the others fail at once, and are fetched later', async () => {
    const source = documents();
    const urls = Array.from({ length: 10 }, (_, n) => `${origin}/held/${n}.json`);
    const results = await resolveAll(source, urls);
    expect(results.slice(0, 4).map((result) => result.outcome)).toEqual(Array(4).fill('resolved'));
    for (const result of results.slice(4)) {
      expect(result.outcome).toBe(`the client metadata document at ${result.url} could not be fetched`);
      expect(result.ms).toBeLessThan(HELD_MS / 2);
    }
    expect(heldHits()).toBe(4);
    expect(warnings).toHaveLength(6);
    expect(warnings[0]).toBe(
      `Client metadata document ${urls[4]} could not be fetched: too many client metadata documents being fetched (4 at once from 127.0.0.1:${port}, 32 in all); not fetched`,
    );
    // Not remembered as the document's failure: once the host has a free slot, it is fetched.
    await expect(source.resolve(urls[9])).resolves.toMatchObject({ client_id: urls[9] });
  });

  it('bounds the fetches in all, across hosts (127.0.0.1 and localhost, from /etc/hosts)', async () => {
    const source = documents({ maxFetches: 5 });
    const onAddress = Array.from({ length: 4 }, (_, n) => `${origin}/held/a${n}.json`);
    const onName = Array.from({ length: 3 }, (_, n) => `https://localhost:${port}/held/b${n}.json`);
    const outcomes = (await resolveAll(source, [...onAddress, ...onName])).map((result) => result.outcome);
    expect(outcomes.slice(0, 5)).toEqual(Array(5).fill('resolved'));
    expect(outcomes.slice(5)).toEqual(onName.slice(1).map((url) => `the client metadata document at ${url} could not be fetched`));
    expect(heldHits()).toBe(5);
  });

  it('refuses allowLoopback in production at start-up, naming the setting, and never fetches', async () => {
    const source = new ClientMetadataDocuments({ allowLoopback: true, production: true, allowLoopbackSetting: 'X_ALLOW_LOOPBACK', ca });
    expect(() => source.onModuleInit()).toThrow(ClientMetadataPolicyError);
    expect(() => source.onModuleInit()).toThrow(
      'Refusing to start with NODE_ENV=production: X_ALLOW_LOOPBACK lets client metadata documents come from loopback addresses',
    );
    await expect(source.resolve(`${origin}/good.json`)).rejects.toBeInstanceOf(ClientMetadataPolicyError);
    expect(hits.size).toBe(0);
    expect(() => new ClientMetadataDocuments({ production: true }).onModuleInit()).not.toThrow();
  });

  it('knows a metadata URL from a registered client id', () => {
    expect(documents().isMetadataUrl('https://app.example/client.json')).toBe(true);
    expect(documents().isMetadataUrl('kadu_client_1')).toBe(false);
  });
});
