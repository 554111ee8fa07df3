/**
 * The official clients against the fixture host on each adapter: SDK 1.x
 * (era 2025: the initialize handshake, then its GET for a server stream,
 * refused 405) and client 2.x pinned to 2026-07-28 (no handshake, every call
 * with the envelope and mirrored headers). Each lists the tools and calls one,
 * and gets the same answers from Express and from Fastify.
 */
import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Transport1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from '@modelcontextprotocol/client';
import { createFixtureApp, Platform, PLATFORMS } from './support/fixture.app';

jest.setTimeout(30_000);

const requestInit = { headers: { Authorization: 'Bearer token-reader' } };

interface Seen {
  tools: string[];
  echo: unknown;
  /** Methods and statuses of every HTTP exchange, in order. */
  exchanges: string[];
}

/** A fetch that records `METHOD status` of each exchange. */
function recording(exchanges: string[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    exchanges.push(`${init?.method ?? 'GET'} ${response.status}`);
    return response;
  };
}

describe('the official clients on Express and on Fastify', () => {
  const apps = new Map<Platform, INestApplication>();
  const urls = new Map<Platform, URL>();

  beforeAll(async () => {
    for (const platform of PLATFORMS) {
      const app = await createFixtureApp({}, '/mcp', platform);
      await app.listen(0, '127.0.0.1');
      apps.set(platform, app);
      urls.set(platform, new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`));
    }
  });
  afterAll(async () => {
    for (const app of apps.values()) await app.close();
  });

  async function withSdk1(platform: Platform): Promise<Seen> {
    const exchanges: string[] = [];
    const client = new Client1({ name: 'parity-sdk1', version: '1.0.0' });
    await client.connect(new Transport1(urls.get(platform)!, { requestInit, fetch: recording(exchanges) }));
    try {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      const echo = await client.callTool({ name: 'echo', arguments: { text: 'hi', times: 2 } });
      return { tools, echo, exchanges };
    } finally {
      await client.close();
    }
  }

  async function withClient2(platform: Platform): Promise<Seen> {
    const exchanges: string[] = [];
    const client = new Client2({ name: 'parity-client2', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new Transport2(urls.get(platform)!, { requestInit, fetch: recording(exchanges) }));
    try {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      const echo = await client.callTool({ name: 'echo', arguments: { text: 'hi', times: 2 } });
      return { tools, echo, exchanges };
    } finally {
      await client.close();
    }
  }

  it('SDK 1.x, era 2025: the same handshake, tools and result', async () => {
    const express = await withSdk1('express');
    const fastify = await withSdk1('fastify');
    expect(express.tools).toContain('echo');
    expect(express.echo).toMatchObject({ structuredContent: { text: 'hihi', organization_id: 'org-a', era: '2025' } });
    expect(express.exchanges).toEqual(expect.arrayContaining(['POST 200', 'POST 202', 'GET 405']));
    expect(fastify).toEqual(express);
  });

  it('client 2.x, era 2026-07-28: the same tools and result', async () => {
    const express = await withClient2('express');
    const fastify = await withClient2('fastify');
    expect(express.tools).toContain('echo');
    expect(express.echo).toMatchObject({ structuredContent: { text: 'hihi', organization_id: 'org-a', era: '2026' } });
    expect(fastify).toEqual(express);
  });
});
