/**
 * Shared by the OpenAPI specs of both hosts: sends real requests, checks
 * every answer against the host's own document (status documented, JSON
 * body valid against that status's schema, binary media type listed), and
 * keeps what was seen for the coverage assertions. Not a spec itself.
 */
import type { INestApplication } from '@nestjs/common';
import type { OpenApiDocument } from '@kobana/openapi';
import { OpenApiAnswerCheck } from '@kobana/openapi/testing';

/** The API's prefix on both hosts, where the document is served. */
export const API = '/api/v1';
/** An id no row has: a well-formed UUID that every lookup misses. */
export const MISSING = '00000000-0000-4000-8000-000000000000';
/** Larger than the 1 MiB JSON limit of the body parsers. */
export const OVERSIZED = JSON.stringify({ name: 'x'.repeat(1_100_000) });

/** A request as the specs describe it. */
export interface RecordedRequest {
  token?: string;
  json?: unknown;
  /** Raw bytes with their Content-Type (a presigned upload, a malformed or oversized body). */
  raw?: { body: string | Buffer; type: string };
  headers?: Record<string, string>;
}

/** An answer, parsed when it is JSON. */
export interface RecordedAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/** Sends requests to one host and checks each answer against its document. */
export class OpenApiRecorder {
  /** `METHOD template status` of every answer checked. */
  readonly seen = new Set<string>();
  private readonly check: OpenApiAnswerCheck;

  constructor(
    private readonly baseUrl: string,
    readonly document: OpenApiDocument,
  ) {
    this.check = new OpenApiAnswerCheck(document);
  }

  /** A recorder for the host at `baseUrl`, checking answers against the document that host serves. */
  static async of(baseUrl: string): Promise<OpenApiRecorder> {
    const served = await fetch(`${baseUrl}${API}/openapi.json`);
    return new OpenApiRecorder(baseUrl, (await served.json()) as OpenApiDocument);
  }

  /** Sends the request; fails the test when the answer is not what the document says. */
  async call(method: string, path: string, request: RecordedRequest = {}): Promise<RecordedAnswer> {
    const headers: Record<string, string> = { ...request.headers };
    if (request.token) headers.Authorization = `Bearer ${request.token}`;
    let body: string | Buffer | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.raw) {
      headers['Content-Type'] = request.raw.type;
      body = request.raw.body;
    }
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    const { pathname } = new URL(url);
    const matched = this.check.check({ method, path: pathname, status: response.status, contentType: response.headers.get('content-type'), text });
    this.seen.add(`${matched.method} ${matched.template} ${response.status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  /** Like {@link call}, and asserts the status. */
  async expect(status: number, method: string, path: string, request: RecordedRequest = {}): Promise<RecordedAnswer> {
    const answer = await this.call(method, path, request);
    if (answer.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer;
  }

  /** Every `METHOD template` of the document whose success status no answer showed. */
  operationsWithoutSuccess(): string[] {
    const missing: string[] = [];
    for (const [template, item] of Object.entries(this.document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const success = Object.keys(operation.responses).find((status) => status.startsWith('2'));
        if (!this.seen.has(`${method.toUpperCase()} ${template} ${success}`)) missing.push(`${method.toUpperCase()} ${template}`);
      }
    }
    return missing;
  }

  /** The error statuses seen, in order. */
  errorStatuses(): number[] {
    return [...new Set([...this.seen].map((key) => Number(key.split(' ')[2])).filter((status) => status >= 400))].sort((a, b) => a - b);
  }
}

/** `METHOD /path` of every route Express has for the application under `prefix`: the router's own list. */
export function registeredRoutes(app: INestApplication, prefix: string): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } };
  return express.router.stack
    .flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`) : []))
    .filter((route) => route.split(' ')[1].startsWith(prefix))
    .sort();
}

/** `METHOD /path` (Express syntax) of every operation of the document. */
export function documentedRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([template, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${template.replace(/\{([^}]+)\}/g, ':$1')}`))
    .sort();
}
