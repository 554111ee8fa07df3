/**
 * What every fault case asserts once measured: the processes still run,
 * nothing acknowledged was lost or written twice, every execution ended,
 * no answer but a success or a 503 with Retry-After (and 503s only until
 * the recovery bound), success again within the bound, and `/readyz` 503
 * within its budget while a dependency it checks was down.
 */
import { Outcome } from './faults.load';
import { Fault, FaultMeasure, READYZ_LIMIT_MS, RECOVERY_BOUND_MS } from './faults.case';

/** A process the case must leave running. */
export interface Watched {
  name: string;
  readonly exited: boolean;
}

/** How many failed requests a failure's message lists (the rest are counted). */
const LISTED = 12;

/** The first {@link LISTED} of `items`, and how many more there were. */
function firstOf(items: string[]): string[] {
  return items.length > LISTED ? [...items.slice(0, LISTED), `… and ${items.length - LISTED} more`] : items;
}

/** The request, shortly, for a failure's message. */
function describe(outcome: Outcome, faultEnd: number): string {
  return `${outcome.kind} ${outcome.status} at ${outcome.startedAt - faultEnd} ms from the fault's end: ${outcome.detail ?? ''}`;
}

/** Asserts what every case must hold; `processes` are those that must still run. */
export function expectSurvived(measure: FaultMeasure, fault: Fault, processes: Watched[]): void {
  const { faultEnd } = measure;
  expect({
    exited: processes.filter((process) => process.exited).map((process) => process.name),
    failures: firstOf(measure.failures.map((outcome) => describe(outcome, faultEnd))),
    late503: firstOf(measure.late503.map((outcome) => describe(outcome, faultEnd))),
    lost: firstOf(measure.lost),
    duplicated: firstOf(measure.duplicated),
    stuck: firstOf(measure.stuck),
    recoveredInBound: measure.row.recoveryMs <= RECOVERY_BOUND_MS,
  }).toEqual({ exited: [], failures: [], late503: [], lost: [], duplicated: [], stuck: [], recoveredInBound: true });
  // A load, not a handful of requests.
  expect(measure.row.answered).toBeGreaterThan(50);
  if (fault.readinessDown) {
    expect(measure.readyz.some((probe) => probe.status === 503)).toBe(true);
    expect(measure.readyz.filter((probe) => probe.ms > READYZ_LIMIT_MS || probe.status === 0)).toEqual([]);
  }
}
