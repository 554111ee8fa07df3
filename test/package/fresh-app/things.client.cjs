/*
 * The Standard Schema tool `thing_create` beside its route `POST /things`
 * (things.module.cjs, on the Nest 12 applications), given the same input on
 * both sides: valid, then refused by the schema. Used by client.cjs and
 * client2.cjs with their own connected client; `null` when the application
 * lists no such tool (Nest 11).
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts.
 */
'use strict';

const VALID = { name: '  Bolt  ', quantity: 3 };
const INVALID = { name: 'x', quantity: 11 };

async function route(mcpUrl, body) {
  const answer = await fetch(new URL('/things', mcpUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: answer.status, text: await answer.text() };
}

async function thingCalls(client, mcpUrl, listed) {
  if (!listed.tools.some((tool) => tool.name === 'thing_create')) return null;
  const called = await client.callTool({ name: 'thing_create', arguments: VALID });
  // A refusal must resolve as a tool result; a throw is recorded so the test can say what happened.
  const invalid = await client
    .callTool({ name: 'thing_create', arguments: INVALID })
    .catch((error) => ({ thrown: { code: error.code, message: error.message } }));
  return { called, invalid, route: { valid: await route(mcpUrl, VALID), invalid: await route(mcpUrl, INVALID) } };
}

module.exports = { thingCalls };
