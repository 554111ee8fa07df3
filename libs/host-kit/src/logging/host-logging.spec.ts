import { Writable } from 'node:stream';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import * as pinoHttpModule from 'pino-http';
import pino from 'pino';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { hostLoggerParams, REDACTED_PATHS } from './host-logging.options';
import { readHostLogSettings } from './host-logging-settings.parser';
import { formatTextLine } from './host-log-text-stream.factory';

/** A pino logger with the host options, writing into `lines`. */
function loggerInto(lines: string[]): pino.Logger {
  const { pinoHttp } = hostLoggerParams({ level: 'info', format: 'json' });
  const [options] = pinoHttp as [pino.LoggerOptions, unknown];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return pino({ level: options.level, redact: options.redact, mixin: options.mixin }, sink);
}

describe('host logging', () => {
  it('reads LOG_LEVEL and LOG_FORMAT, JSON by default in production only', () => {
    expect(readHostLogSettings({ NODE_ENV: 'production' })).toEqual({ level: 'info', format: 'json' });
    expect(readHostLogSettings({ NODE_ENV: 'development' })).toEqual({ level: 'info', format: 'text' });
    expect(readHostLogSettings({ LOG_LEVEL: 'DEBUG', LOG_FORMAT: 'json' })).toEqual({ level: 'debug', format: 'json' });
    expect(readHostLogSettings({ NODE_ENV: 'test' }).level).toBe('silent');
    expect(readHostLogSettings({ LOG_LEVEL: 'loud', LOG_FORMAT: 'xml', NODE_ENV: 'production' })).toEqual({ level: 'info', format: 'json' });
  });

  it('never writes credentials, whatever object carries them', async () => {
    const lines: string[] = [];
    loggerInto(lines).info(
      {
        req: { headers: { authorization: 'Bearer kadu_mcp_secret', cookie: 'kadu_session=abc' } },
        body: { password: 'hunter2', token: 'kadu_x', client_secret: 'cs' },
      },
      'something',
    );
    await new Promise((done) => setImmediate(done));
    const line = lines.join('');
    for (const secret of ['kadu_mcp_secret', 'kadu_session=abc', 'hunter2', 'kadu_x', '"cs"']) expect(line).not.toContain(secret);
    expect(REDACTED_PATHS).toContain('req.headers.authorization');
  });

  it('adds the active span trace id and span id to each line, and nothing without one', async () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    try {
      const lines: string[] = [];
      const logger = loggerInto(lines);
      logger.info('outside');
      const spanContext = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: 1 };
      context.with(trace.setSpanContext(context.active(), spanContext), () => logger.info('inside'));
      await new Promise((done) => setImmediate(done));
      const [outside, inside] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(outside.trace_id).toBeUndefined();
      expect(inside).toMatchObject({ msg: 'inside', trace_id: spanContext.traceId, span_id: spanContext.spanId });
    } finally {
      context.disable();
    }
  });

  it('turns a JSON line into a readable one', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 0, 1, 12, 0, 0, 5),
      pid: 1,
      hostname: 'h',
      context: 'SecretsService',
      msg: 'kept',
      reqId: 'r1',
    });
    expect(formatTextLine(line)).toBe('12:00:00.005 WARN  [SecretsService] kept reqId=r1\n');
    expect(formatTextLine('not json\n')).toBe('not json\n');
  });
});

describe('host request log', () => {
  /** An Express app behind `trust proxy` = `trust`, logging at debug with the host's pino-http options into `lines`. */
  async function serve(trust: unknown, lines: string[]): Promise<{ url: string; close: () => Promise<void> }> {
    const { pinoHttp } = hostLoggerParams({ level: 'debug', format: 'json' });
    const [options] = pinoHttp as [pinoHttpModule.Options, unknown];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = express();
    app.set('trust proxy', trust);
    app.use(pinoHttpModule.pinoHttp(options, sink));
    app.get(['/work', '/healthz', '/readyz'], (_req, res) => void res.status(_req.path === '/readyz' ? 503 : 200).json({}));
    const server = await new Promise<Server>((done) => {
      const listening: Server = app.listen(0, '127.0.0.1', () => done(listening));
    });
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
  }
  const completions = (lines: string[]) => lines.map((line) => JSON.parse(line) as { req?: { path: string; remoteAddress: string } }).filter((l) => l.req);

  it('writes the client address the trusted chain gives, and a forged X-Forwarded-For only when no proxy is trusted', async () => {
    for (const [trust, expected] of [
      ['loopback', '203.0.113.7'],
      [false, '127.0.0.1'],
    ] as const) {
      const lines: string[] = [];
      const server = await serve(trust, lines);
      await fetch(`${server.url}/work`, { headers: { 'X-Forwarded-For': '203.0.113.7' } });
      await server.close();
      expect(completions(lines).map((line) => line.req)).toEqual([expect.objectContaining({ path: '/work', remoteAddress: expected })]);
    }
  });

  it('writes no line for the probes, not even a 503 of /readyz', async () => {
    const lines: string[] = [];
    const server = await serve(false, lines);
    for (const path of ['/healthz', '/readyz', '/readyz?x=1', '/work']) await fetch(`${server.url}${path}`);
    await server.close();
    expect(completions(lines).map((line) => line.req!.path)).toEqual(['/work']);
  });
});
