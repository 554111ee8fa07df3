/** What a worker tells the registry about itself when it starts. */
export interface WorkerRegistration {
  /** Pause between two polls while they succeed, in milliseconds (its normal pace). */
  intervalMs: number;
}

/** One worker's health, as the registry lists it. */
export interface WorkerHealth {
  readonly name: string;
  /** Its normal pace, in milliseconds. */
  readonly intervalMs: number;
  /** How long it may go without a successful poll before it is stale, in milliseconds. */
  readonly staleAfterMs: number;
  /** When it registered (epoch milliseconds): the reference until its first success. */
  readonly registeredAt: number;
  /** When its last poll succeeded (epoch milliseconds), if ever. */
  readonly lastSuccessAt?: number;
  /** Failed polls since the last success. */
  readonly consecutiveFailures: number;
}
