/** The host's settings of the audit trail. */
export interface AuditTrailSettings {
  /** Days an event is kept; older ones are pruned. @default 90 */
  retentionDays: number;
  /** How often the pruner sweeps, in milliseconds; 0 sweeps at start-up only. @default 3600000 (an hour) */
  pruneIntervalMs: number;
  /** Events written in one INSERT at most. @default 100 */
  batchSize: number;
  /**
   * How long the first queued event waits for others to join its INSERT, in
   * milliseconds (a full batch goes at once; 0 writes on the next turn of the
   * event loop). An INSERT's commit costs about the same for one row as for
   * dozens (the pages of the table's indexes are written to the log each time), so
   * under load this divides the trail's CPU per call; the page shows an event
   * at most this much later. @default 20
   */
  flushDelayMs: number;
  /**
   * Events waiting to be written at most, those held through a database
   * outage included; past it a new event is dropped at once (counted in
   * `kobana.audit.events_dropped`, logged, and counted by the MCP module). @default 10000
   */
  maxPending: number;
  /**
   * Events a filtered listing looks at per page at most, newest first, when
   * its filters have no index of their own: a client, a person, or several
   * filters together (a page by the tool, the decision or the kind alone
   * seeks that column's index instead). An index per client and person would
   * cost every event a write per client and person, so this bounds the work
   * of one page, read from the organization's index alone (it carries the
   * filtered columns): a page may then hold fewer than `limit` events, and
   * its `next_cursor` continues where the look stopped.
   * @default 5000
   */
  listScanRows: number;
}

/** Injection token of the {@link AuditTrailSettings}. */
export const AUDIT_TRAIL_SETTINGS = Symbol('AuditTrailSettings');

/** Every default, merged in one place by `AuditTrailModule.register`. */
export const DEFAULT_AUDIT_TRAIL_SETTINGS: AuditTrailSettings = {
  retentionDays: 90,
  pruneIntervalMs: 60 * 60_000,
  batchSize: 100,
  flushDelayMs: 20,
  maxPending: 10_000,
  listScanRows: 5000,
};
