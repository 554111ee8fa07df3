import { IsInt } from 'class-validator';
import { daysBetween } from '../common/billing-dates.util';

/** What a mid-cycle plan change is worth, in cents. */
export class Proration {
  @IsInt()
  old_amount_cents!: number;

  @IsInt()
  new_amount_cents!: number;

  /** Days from the change to the end of the period (the change day included). */
  @IsInt()
  days_remaining!: number;

  @IsInt()
  days_in_period!: number;

  /** Positive: charged now. Negative: credited to the subscription. Zero: nothing. */
  @IsInt()
  amount_cents!: number;
}

/**
 * Prorates a plan change on `changeDate` within `[periodStart, periodEnd)`
 * by whole days: `(new − old) × remaining / days`, rounded half away from
 * zero in integer arithmetic so no float ever decides a cent.
 *
 * @throws RangeError when the change date is outside the period.
 */
export function prorate(oldCents: number, newCents: number, periodStart: string, periodEnd: string, changeDate: string): Proration {
  const daysInPeriod = daysBetween(periodStart, periodEnd);
  const daysRemaining = daysBetween(changeDate, periodEnd);
  if (daysInPeriod <= 0 || daysRemaining <= 0 || daysRemaining > daysInPeriod) {
    throw new RangeError(`effective_date must fall within the current period (${periodStart} to ${periodEnd}, end excluded)`);
  }
  const numerator = (newCents - oldCents) * daysRemaining;
  const rounded = Math.floor((Math.abs(numerator) * 2 + daysInPeriod) / (2 * daysInPeriod));
  return {
    old_amount_cents: oldCents,
    new_amount_cents: newCents,
    days_remaining: daysRemaining,
    days_in_period: daysInPeriod,
    amount_cents: numerator < 0 ? -rounded : rounded,
  };
}
