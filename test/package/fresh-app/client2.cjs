/*
 * The official MCP client 2.x (@modelcontextprotocol/client), installed beside
 * the fresh application: with a bearer token, lists the tools and calls one
 * with good and bad arguments (and the Standard Schema tool beside its route,
 * things.client.cjs) twice, once with the client's default version
 * negotiation (as a team would use it) and once pinned to 2026-07-28 (no
 * handshake, the `_meta` envelope); then tries a wrong token. Prints one JSON
 * line with what it saw and every file it loaded.
 * Usage: node client2.cjs <mcp url> <token>
 */
'use strict';
const { Client, StreamableHTTPClientTransport } = require('@modelcontextprotocol/client');
const { thingCalls } = require('./things.client.cjs');

async function connect(url, token, options) {
  const client = new Client({ name: 'fresh-app-client2', version: '2.0.0' }, options);
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return client;
}

/** One client's session: what it negotiated, listed and got from the calls. */
async function session(url, token, options) {
  const client = await connect(url, token, options);
  const listed = await client.listTools();
  const called = await client.callTool({ name: 'greet', arguments: { name: 'Ana', times: 2 } });
  const invalid = await client
    .callTool({ name: 'greet', arguments: { name: '' } })
    .catch((error) => ({ thrown: { code: error.code, message: error.message } }));
  const things = await thingCalls(client, url, listed);
  const seen = { serverVersion: client.getServerVersion(), protocolVersion: client.getNegotiatedProtocolVersion() };
  await client.close();
  return { ...seen, listed, called, invalid, things };
}

async function main() {
  const [url, token] = process.argv.slice(2);
  const negotiated = await session(url, token);
  const pinned = await session(url, token, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  // A wrong token may fail at connect or, with no handshake, at the first request.
  const refused = await connect(url, `${token}-wrong`)
    .then((other) => other.listTools().finally(() => other.close()))
    .then(
      () => ({ connected: true }),
      (error) => ({ connected: false, message: String(error && error.message) }),
    );
  const line = { negotiated, pinned, refused, loaded: Object.keys(require.cache) };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
