/**
 * HTTP requests from a chosen loopback address (any of 127.0.0.0/8 reaches a
 * server on 127.0.0.1 on Linux): each "client" of the deployment specs has
 * its own address, as people behind a proxy do.
 */
import { request } from 'node:http';

/** An answer: status, headers, body text. */
export interface LoopbackAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Sends one request from `localAddress` to `url` (no keep-alive), with a 20 s ceiling. */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<LoopbackAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers: init.headers,
        localAddress,
        timeout: 20_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within 20 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A sign-in form post of `email` and `password`. */
export function signInFrom(
  localAddress: string,
  baseUrl: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<LoopbackAnswer> {
  return requestFrom(localAddress, `${baseUrl}/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ email, password }).toString(),
  });
}
