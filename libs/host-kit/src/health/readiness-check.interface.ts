/**
 * One thing a replica needs to serve traffic (its database answers, its
 * migrations are applied, its Redis answers), checked by `GET /readyz`.
 */
export interface ReadinessCheck {
  /** The key of the check in the probe's answer, e.g. `database`. */
  readonly name: string;
  /**
   * Resolves when ready; rejects otherwise. A {@link ReadinessFailure}'s
   * message is shown in the answer; any other error shows as `failed`
   * (a driver's message may name internal hosts).
   */
  check(): Promise<void>;
}

/** The host's readiness checks, an array of {@link ReadinessCheck}. */
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** A readiness check's refusal whose message may be shown to the load balancer. */
export class ReadinessFailure extends Error {}
