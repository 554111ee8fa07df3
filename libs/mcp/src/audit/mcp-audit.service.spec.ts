import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { McpAuditEmitter } from './mcp-audit.service';
import { McpAuditEvent, McpAuditSink } from '../interfaces/mcp-audit-sink.interface';
import { McpToolRegistry } from '../discovery/mcp-tool.registry';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { mcpState } from '../transport/mcp-request-state.util';
import { auditFailure } from './mcp-audit-note.util';

const caller = { subject: 'u1', organization_id: 'o1', client_id: 'c1', client_name: 'Claude', scopes: ['x:read'], roles: ['owner'] };

function callRequest(params: Record<string, unknown>, method = 'tools/call'): McpHttpRequest {
  const request: McpHttpRequest = { method: 'POST', url: '/mcp', headers: {}, user: caller };
  Object.assign(mcpState(request), {
    message: { jsonrpc: '2.0', id: 1, method, params },
    id: 1,
    era: '2026',
    version: '2026-07-28',
    meta: { 'io.modelcontextprotocol/clientInfo': { name: 'Some client', version: '1.2' } },
  });
  return request;
}

function emitterWith(sink: McpAuditSink): McpAuditEmitter {
  const tools = { get: () => undefined, list: () => [] } as unknown as McpToolRegistry;
  const emitter = new McpAuditEmitter(sink, tools);
  emitter.onApplicationBootstrap();
  return emitter;
}

describe('McpAuditEmitter', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('records an unknown tool without its arguments (no DTO says what is sensitive), with its digest and the self-reported clientInfo', () => {
    const events: McpAuditEvent[] = [];
    const emitter = emitterWith({ write: (event) => void events.push(event) });
    const request = callRequest({ name: 'nope', arguments: { secret: 's' } });
    emitter.begin(request);
    auditFailure(request, { status: 200, code: -32602, insufficientScope: false, correlationId: null });
    auditFailure(request, { status: 200, code: -32602, insufficientScope: false, correlationId: null });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      organization_id: 'o1',
      subject: 'u1',
      client_id: 'c1',
      client_name: 'Claude',
      client_info: { name: 'Some client', version: '1.2', self_reported: true },
      era: '2026',
      protocol_version: '2026-07-28',
      method: 'tools/call',
      tool: 'nope',
      arguments: null,
      decision: 'unknown_tool',
      outcome: 'not_run',
      status: 200,
      error_code: -32602,
    });
    expect(events[0].arguments_digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives each event a UUIDv7 that carries its time and increases within the process (a store appends to its id index)', () => {
    const events: McpAuditEvent[] = [];
    const emitter = emitterWith({ write: (event) => void events.push(event) });
    for (let i = 0; i < 500; i++) {
      const request = callRequest({ name: 'nope' });
      emitter.begin(request);
      auditFailure(request, { status: 200, code: -32602, insufficientScope: false, correlationId: null });
    }
    const ids = events.map((event) => event.id);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Many events share a millisecond here: the order holds within one anyway.
    expect([...ids].sort()).toEqual(ids);
    const millis = parseInt(ids[0].replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(millis - Date.parse(events[0].time))).toBeLessThan(1000);
  });

  it('records other methods only when refused for scope, rate or availability', () => {
    const events: McpAuditEvent[] = [];
    const emitter = emitterWith({ write: (event) => void events.push(event) });
    const refuse = (failure: Parameters<typeof auditFailure>[1]) => {
      const request = callRequest({ uri: 'kobana://x' }, 'resources/read');
      emitter.begin(request);
      auditFailure(request, failure);
    };
    refuse({ status: 503, code: -32030, insufficientScope: false, correlationId: null });
    refuse({ status: 429, code: -32029, insufficientScope: false, correlationId: null });
    refuse({ status: 403, code: null, insufficientScope: true, correlationId: null });
    refuse({ status: 404, code: -32002, insufficientScope: false, correlationId: null });
    const listed = callRequest({}, 'tools/list');
    emitter.begin(listed);
    emitter.answered(listed, { tools: [] });
    expect(
      events.map(({ method, tool, arguments: args, arguments_digest, decision, status, error_code }) => ({
        method,
        tool,
        args,
        arguments_digest,
        decision,
        status,
        error_code,
      })),
    ).toEqual([
      { method: 'resources/read', tool: null, args: null, arguments_digest: null, decision: 'unavailable', status: 503, error_code: -32030 },
      { method: 'resources/read', tool: null, args: null, arguments_digest: null, decision: 'rate_limited', status: 429, error_code: -32029 },
      { method: 'resources/read', tool: null, args: null, arguments_digest: null, decision: 'insufficient_scope', status: 403, error_code: null },
    ]);
  });

  it('counts a sink that throws or rejects, logs once per run of failures, and never throws itself', async () => {
    let mode: 'throw' | 'reject' | 'ok' = 'throw';
    const emitter = emitterWith({
      write: () => {
        if (mode === 'throw') throw new Error('down');
        if (mode === 'reject') return Promise.reject(new Error('down'));
      },
    });
    const error = jest.spyOn(Logger.prototype, 'error');
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const once = () => {
      const request = callRequest({ name: 'x' });
      emitter.begin(request);
      expect(() => emitter.answered(request, { content: [] })).not.toThrow();
    };
    once();
    mode = 'reject';
    once();
    await new Promise((resolve) => setImmediate(resolve));
    expect(emitter.failures).toBe(2);
    expect(error).toHaveBeenCalledTimes(1);
    mode = 'ok';
    once();
    expect(warn).toHaveBeenCalledTimes(1);
    mode = 'throw';
    once();
    expect(emitter.failures).toBe(3);
    expect(error).toHaveBeenCalledTimes(2);
  });
});
