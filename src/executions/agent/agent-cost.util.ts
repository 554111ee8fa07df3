/** Cents one execution costs per input file read. */
export const COST_PER_FILE_CENTS = 5;
/** Cents one execution costs per statement line categorized. */
export const COST_PER_LINE_CENTS = 1;

/** What reading `files` files with `lines` lines in all costs, in cents. */
export function executionCost(files: number, lines: number): number {
  return files * COST_PER_FILE_CENTS + lines * COST_PER_LINE_CENTS;
}
