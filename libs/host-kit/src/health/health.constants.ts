/** The liveness probe's path: the process serves HTTP. */
export const LIVENESS_PATH = '/healthz';
/** The readiness probe's path: the replica can serve traffic now. */
export const READINESS_PATH = '/readyz';

/** Whether `url` (path and query) is one of the probes, which the request log leaves out. */
export function isProbeUrl(url: string | undefined): boolean {
  const path = url?.split('?')[0];
  return path === LIVENESS_PATH || path === READINESS_PATH;
}
