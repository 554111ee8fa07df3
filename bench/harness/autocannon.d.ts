/**
 * The part of autocannon's programmatic API the harness uses. autocannon
 * ships no types, and the root type-check must pass without bench/node_modules.
 */
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    verifyBody?: (body: string) => boolean;
    /** Requests a second from all connections (a fixed rate rather than as fast as the server answers). */
    overallRate?: number;
    requests?: Array<{
      setupRequest?: (request: { headers?: Record<string, string>; body?: string }) => { headers?: Record<string, string>; body?: string };
    }>;
  }
  interface Histogram {
    average: number;
    total: number;
    p99: number;
    p50: number;
  }
  interface AutocannonResult {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export = autocannon;
}
