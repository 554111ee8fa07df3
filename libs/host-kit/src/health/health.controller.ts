import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import { LIVENESS_PATH, READINESS_PATH } from './health.constants';
import { HealthMessages } from './health.messages';
import { HostReadiness } from './host-readiness.service';
import { ReadinessProbe, WorkerReadiness } from './readiness-probe.service';

/** Seconds a load balancer is told to wait before polling a replica that is not ready again. */
const NOT_READY_RETRY_AFTER_SECONDS = 1;

/** What `GET /readyz` answers. */
export interface ReadinessAnswer {
  status: 'ready' | 'unavailable';
  /** Each check by name (`draining`, `database`, `migrations`, `redis`, `worker:<name>`…): `ok`, or why it failed. */
  checks: Record<string, string>;
  /** The names of the failed checks (absent when ready). */
  failed?: string[];
  /** Each background worker by name: its last successful poll and its failures since. */
  workers: Record<string, WorkerReadiness>;
}

/**
 * The probes of a load balancer or orchestrator. No token, no rate limit,
 * no audit event, no request log line (see the host log's params), no
 * MCP traffic: they run beside the MCP endpoint, not through it.
 */
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: HostReadiness,
    private readonly probe: ReadinessProbe,
  ) {}

  /** Liveness: the process serves HTTP. Touches nothing else, so a database outage never gets a replica restarted. */
  @Get(LIVENESS_PATH)
  @HttpCode(200)
  live(@Res({ passthrough: true }) res: Response): { status: 'ok' } {
    res.set('Cache-Control', 'no-store');
    return { status: 'ok' };
  }

  /**
   * Readiness: not draining, every host check passes within the probe's
   * budget, and no worker is stale; 503 naming the failed ones otherwise.
   */
  @Get(READINESS_PATH)
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessAnswer> {
    const results: Array<[string, string]> = [['draining', this.readiness.draining ? HealthMessages.draining() : HealthMessages.ok()]];
    let workers: Record<string, WorkerReadiness> = {};
    // Draining: the answer is 503 whatever the checks say, and the database may be closing.
    if (!this.readiness.draining) {
      const report = await this.probe.run();
      results.push(...report.checks);
      workers = report.workers;
    }
    const failed = results.filter(([, outcome]) => outcome !== HealthMessages.ok()).map(([name]) => name);
    res.set('Cache-Control', 'no-store');
    if (failed.length > 0) res.status(503).set('Retry-After', String(NOT_READY_RETRY_AFTER_SECONDS));
    else res.status(200);
    const checks = Object.fromEntries(results);
    return failed.length > 0 ? { status: 'unavailable', checks, failed, workers } : { status: 'ready', checks, workers };
  }
}
