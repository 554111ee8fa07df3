import type { Server } from 'node:http';

/** Listens on 127.0.0.1:0, reports `{ type: 'ready', port, info }` to the parent and serves usage samples (RSS, CPU time). */
export function listenAndReport(server: Server, info?: Record<string, unknown>): Promise<number>;
/** Reports more facts after start-up. */
export function reportInfo(info: Record<string, unknown>): void;
/** Reports a start-up failure and exits non-zero. */
export function failStart(error: unknown): void;
