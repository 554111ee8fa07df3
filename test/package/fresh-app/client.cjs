/*
 * The official MCP SDK client, installed beside the fresh application:
 * connects with a bearer token, lists the tools, calls one with good and bad
 * arguments (and the Standard Schema tool beside its route, things.client.cjs),
 * and tries a wrong token. Prints one JSON line with what it saw
 * and every file it loaded. Usage: node client.cjs <mcp url> <token>
 */
'use strict';
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { thingCalls } = require('./things.client.cjs');

async function connect(url, token) {
  const client = new Client({ name: 'fresh-app-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return client;
}

async function main() {
  const [url, token] = process.argv.slice(2);
  const client = await connect(url, token);
  const listed = await client.listTools();
  const called = await client.callTool({ name: 'greet', arguments: { name: 'Ana', times: 2 } });
  const invalid = await client
    .callTool({ name: 'greet', arguments: { name: '' } })
    .catch((error) => ({ thrown: { code: error.code, message: error.message } }));
  const things = await thingCalls(client, url, listed);
  await client.close();
  const refused = await connect(url, `${token}-wrong`).then(
    () => ({ connected: true }),
    (error) => ({ connected: false, message: String(error && error.message) }),
  );
  const line = { serverVersion: client.getServerVersion(), listed, called, invalid, things, refused, loaded: Object.keys(require.cache) };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
