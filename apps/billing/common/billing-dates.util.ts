/** `YYYY-MM-DD`, the only date form Billing reads and writes. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const MS_PER_DAY = 86_400_000;

/** Whole days from `from` to `to` (dates, UTC). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

/** The same day of the next month, clamped to its last day (31 Jan → 28/29 Feb). */
export function addOneMonth(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** Today, UTC. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
