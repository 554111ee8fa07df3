/** When one kind of key (an account, a client address) is refused for a while after failed sign-ins. */
export interface SignInThrottleRule {
  /** Failures within the window that start a block. */
  limit: number;
  /** Quiet time after which the failures are forgotten; each failure extends it. */
  windowMs: number;
  /** The first block; each further failure while over the limit doubles it. */
  firstBlockMs: number;
  /** The longest block. */
  maxBlockMs: number;
}

/** The host's settings of the approval flow; everything but the cookie name has a default. */
export interface ApprovalFlowSettings {
  /** Name of the session cookie, one per host (browsers share cookies across ports of one host name). */
  sessionCookie: string;
  /** Failed sign-ins per e-mail address, known or not. */
  accountThrottle: SignInThrottleRule;
  /** Failed sign-ins per client address. */
  addressThrottle: SignInThrottleRule;
  /** Password checks running at once; the rest wait (scrypt runs on libuv's 4-thread pool, which file I/O also needs). */
  passwordCheckConcurrency: number;
  /** Password checks that may wait in all; past this a sign-in is answered 503 at once. */
  passwordCheckQueue: number;
  /** Password checks one client address may have waiting, so one address cannot fill the queue. */
  passwordCheckQueuePerAddress: number;
  /** How long a sign-in waits for its password check before it is answered 503, ms. */
  passwordCheckMaxWaitMs: number;
}

/** Injection token of the {@link ApprovalFlowSettings}. */
export const APPROVAL_FLOW_SETTINGS = Symbol('ApprovalFlowSettings');

const MINUTE = 60_000;

/**
 * 5 failures per e-mail in 15 quiet minutes, then 1, 2, 4, 8, 15 minutes
 * refused: a guesser gets about 4 tries an hour, a person who mistyped waits
 * a minute. Per address 20 (a shared office NAT), then 15 minutes up to an hour.
 * One check at a time leaves three of libuv's four threads to file I/O and,
 * on a two-core machine, a core to the event loop (measured with
 * `test/bench/sign-in-storm.measure.ts`); about 15 sign-ins a second per process.
 * Waiting costs no CPU, so the queue holds what that one check serves in
 * its 5-second wait (64), at most half of it for one address, each address
 * served in turn (`docs/security-model.md`, "Sign-in capacity").
 */
export const DEFAULT_APPROVAL_FLOW_SETTINGS: Omit<ApprovalFlowSettings, 'sessionCookie'> = {
  accountThrottle: { limit: 5, windowMs: 15 * MINUTE, firstBlockMs: MINUTE, maxBlockMs: 15 * MINUTE },
  addressThrottle: { limit: 20, windowMs: 15 * MINUTE, firstBlockMs: 15 * MINUTE, maxBlockMs: 60 * MINUTE },
  passwordCheckConcurrency: 1,
  passwordCheckQueue: 64,
  passwordCheckQueuePerAddress: 32,
  passwordCheckMaxWaitMs: 5000,
};
