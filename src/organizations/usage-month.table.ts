/**
 * `usage_months`: one row per organization and UTC month (`YYYY-MM`) of
 * execution creation, counting the executions started that month and the
 * cents they cost. Kept in the transactions that change them (a run, an
 * execution's outcome), so the month's usage is one row however many
 * executions there are.
 */
export interface UsageMonthsTable {
  organization_id: string;
  month: string;
  executions: number;
  cost_cents: number;
}
