import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { LIVENESS_PATH, READINESS_PATH } from './health.constants';
import { HealthMessages } from './health.messages';
import { HostReadiness } from './host-readiness.service';
import { READINESS_CHECKS, ReadinessCheck, ReadinessFailure } from './readiness-check.interface';

/** How long one check may take before it counts as failed: a probe must answer within a load balancer's timeout. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

/** What `GET /readyz` answers. */
export interface ReadinessAnswer {
  status: 'ready' | 'unavailable';
  /** Each check by name: `ok`, or why it failed. */
  checks: Record<string, string>;
  /** The names of the failed checks (absent when ready). */
  failed?: string[];
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
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
  ) {}

  /** Liveness: the process serves HTTP. Touches nothing else, so a database outage never gets a replica restarted. */
  @Get(LIVENESS_PATH)
  @HttpCode(200)
  live(@Res({ passthrough: true }) res: Response): { status: 'ok' } {
    res.set('Cache-Control', 'no-store');
    return { status: 'ok' };
  }

  /** Readiness: not draining, and every host check passes; 503 naming the failed ones otherwise. */
  @Get(READINESS_PATH)
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessAnswer> {
    const results: Array<[string, string]> = [['draining', this.readiness.draining ? HealthMessages.draining() : HealthMessages.ok()]];
    // Draining: the answer is 503 whatever the checks say, and the database may be closing.
    if (!this.readiness.draining) results.push(...(await Promise.all(this.checks.map(async (check) => [check.name, await run(check)] as [string, string]))));
    const failed = results.filter(([, outcome]) => outcome !== HealthMessages.ok()).map(([name]) => name);
    res.status(failed.length > 0 ? 503 : 200).set('Cache-Control', 'no-store');
    const checks = Object.fromEntries(results);
    return failed.length > 0 ? { status: 'unavailable', checks, failed } : { status: 'ready', checks };
  }
}

/** One check's outcome, bounded in time. */
async function run(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check.check(),
      new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new ReadinessFailure(HealthMessages.timedOut(READINESS_CHECK_TIMEOUT_MS))), READINESS_CHECK_TIMEOUT_MS)),
      ),
    ]);
    return HealthMessages.ok();
  } catch (error) {
    return error instanceof ReadinessFailure ? error.message : HealthMessages.failed();
  } finally {
    clearTimeout(timer);
  }
}
