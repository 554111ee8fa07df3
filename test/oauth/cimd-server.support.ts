/**
 * An HTTPS server on 127.0.0.1 serving Client ID Metadata Documents for the
 * OAuth e2e specs. Its certificate is made at test time (a throwaway CA and a
 * leaf for 127.0.0.1 and localhost, signed by it): no key is ever written to
 * the repository. The CA's PEM goes to a temporary file the host is given as
 * its extra trusted CA, and the host must also be told to allow loopback
 * documents (a development-only setting).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:https';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/** A Client ID Metadata Document as the test serves it (any JSON, so a broken one can be served too). */
export type MetadataDocument = Record<string, unknown>;

/** A running metadata-document server. */
export interface CimdServer {
  /** `https://127.0.0.1:<port>`. */
  origin: string;
  /** Path of the PEM file holding the CA that signed the server's certificate. */
  caFile: string;
  /** The URL a document named `name` is served at: the client_id of that client. */
  urlOf(name: string): string;
  /** Serves `document` at {@link urlOf}(name) from now on. */
  put(name: string, document: MetadataDocument): string;
  /** How many times each path was fetched (to show a refused client was, or was not, looked up). */
  hits(name: string): number;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1, port chosen by the system. */
export async function startCimdServer(): Promise<CimdServer> {
  const ca = await generate([{ name: 'commonName', value: 'Kobana OAuth e2e test CA' }], {
    algorithm: 'sha256',
    keyType: 'ec',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const leaf = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    algorithm: 'sha256',
    keyType: 'ec',
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), 'cimd-ca-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca.cert);

  const documents = new Map<string, MetadataDocument>();
  const counts = new Map<string, number>();
  const server: Server = createServer({ key: leaf.private, cert: leaf.cert }, (request, response) => {
    const path = new URL(request.url ?? '/', 'https://127.0.0.1').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const document = request.method === 'GET' ? documents.get(path) : undefined;
    if (!document) {
      response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(document));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pathOf = (name: string) => `/clients/${name}.json`;
  return {
    origin,
    caFile,
    urlOf: (name) => `${origin}${pathOf(name)}`,
    put: (name, document) => {
      documents.set(pathOf(name), document);
      return `${origin}${pathOf(name)}`;
    },
    hits: (name) => counts.get(pathOf(name)) ?? 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A public client's document: `client_id` is its own URL, loopback redirect, code + refresh grants. */
export function metadataDocument(clientId: string, clientName: string, redirectUri: string, extra: MetadataDocument = {}): MetadataDocument {
  return {
    client_id: clientId,
    client_name: clientName,
    client_uri: new URL(clientId).origin,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...extra,
  };
}
