/** Every message of graceful shutdown, in one place. */
export const ShutdownMessages = {
  started: (signal: string, graceMs: number) => `${signal}: shutting down (not ready, no new connections, ${graceMs} ms of grace)`,
  again: (signal: string) => `${signal} again during shutdown: ending now`,
  stepFailed: (name: string, message: string) => `Shutdown step "${name}" failed: ${message}`,
  done: (ms: number) => `Shut down in ${ms} ms`,
  forced: (graceMs: number, running: string[]) => `Shutdown grace of ${graceMs} ms over; ending with still running: ${running.join(', ') || 'nothing'}`,
  httpRunning: (requests: number, connections: number) => `HTTP (${requests} request(s) in flight, ${connections} connection(s) open)`,
} as const;
