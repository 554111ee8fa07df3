import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { KaduConfig } from '../config/kadu-config.interface';
import { isPublicAddress } from './webhook-address.policy';

/** How long one attempt may take, connection included. */
export const WEBHOOK_TIMEOUT_MS = 5000;
/** How much of a receiver's answer is read: enough to be polite, never a memory risk. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** The outcome of one HTTP attempt. */
export interface WebhookAttemptOutcome {
  /** The response's status, or null when none came. */
  status_code: number | null;
  duration_ms: number;
  /** Why the attempt failed (no response, or a non-2xx); null on success. */
  error: string | null;
}

/**
 * POSTs one delivery. Built on `http.request` rather than `fetch` for its
 * `lookup` hook: the address is checked when the connection is made, so a
 * DNS answer that changed since the endpoint was saved (rebinding) still
 * cannot reach a private network, unless `KADU_WEBHOOKS_ALLOW_PRIVATE`.
 * An IP literal, which skips `lookup`, is checked before connecting.
 */
@Injectable()
export class WebhookSender {
  private readonly allowPrivate: boolean;

  constructor(config: ConfigService<KaduConfig, true>) {
    this.allowPrivate = config.get('KADU_WEBHOOKS_ALLOW_PRIVATE', { infer: true });
  }

  /** Never throws: every failure is an outcome to record. */
  send(url: string, body: string, headers: Record<string, string>, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<WebhookAttemptOutcome> {
    const started = Date.now();
    const done = (status_code: number | null, error: string | null): WebhookAttemptOutcome => ({
      status_code,
      duration_ms: Date.now() - started,
      error,
    });
    return new Promise((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return resolve(done(null, 'invalid URL'));
      }
      // `lookup` runs for names only: an IP literal is connected to as it is, so it is checked here.
      const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
      if (!this.allowPrivate && isIP(literal) && !isPublicAddress(literal)) {
        return resolve(done(null, `refused: ${literal} is a non-public address`));
      }
      const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: this.allowPrivate ? undefined : publicOnlyLookup,
        timeout: timeoutMs,
      });
      const timer = setTimeout(() => request.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      request.on('response', (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on('close', () => {
          clearTimeout(timer);
          const status = response.statusCode ?? null;
          resolve(done(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`));
        });
      });
      request.on('timeout', () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)));
      request.on('error', (error) => {
        clearTimeout(timer);
        resolve(done(null, error.message));
      });
      request.end(body);
    });
  }
}

/** `dns.lookup`, refusing any answer that is not a public address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(new Error(`refused: ${hostname} resolves to a non-public address`), '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};
