import { prorate } from './proration.util';

describe('prorate', () => {
  it('charges the difference for the remaining days, to the cent', () => {
    // 30-day April; upgrade 99.90 → 199.90 on the 11th: 20 of 30 days remain. 10000 × 20 / 30 = 6666.67 → 6667.
    expect(prorate(9990, 19990, '2026-04-01', '2026-05-01', '2026-04-11')).toEqual({
      old_amount_cents: 9990,
      new_amount_cents: 19990,
      days_remaining: 20,
      days_in_period: 30,
      amount_cents: 6667,
    });
  });

  it('credits a downgrade, rounding half away from zero', () => {
    // 31-day January, 10 days left: −1000 × 10 / 31 = −322.58 → −323.
    expect(prorate(3000, 2000, '2026-01-01', '2026-02-01', '2026-01-22').amount_cents).toBe(-323);
    // Exactly half a cent: 1 × 15 / 30 = 0.5 → 1, and −0.5 → −1.
    expect(prorate(100, 101, '2026-04-01', '2026-05-01', '2026-04-16').amount_cents).toBe(1);
    expect(prorate(101, 100, '2026-04-01', '2026-05-01', '2026-04-16').amount_cents).toBe(-1);
  });

  it('charges the full difference on the first day and nothing for the same price', () => {
    expect(prorate(5000, 8000, '2026-02-01', '2026-03-01', '2026-02-01')).toMatchObject({ days_remaining: 28, amount_cents: 3000 });
    expect(prorate(5000, 5000, '2026-02-01', '2026-03-01', '2026-02-10').amount_cents).toBe(0);
  });

  it.each(['2026-03-01', '2026-01-31', '2026-05-01'])('refuses a change on %s, outside Feb 2026', (date) => {
    expect(() => prorate(1, 2, '2026-02-01', '2026-03-01', date)).toThrow(RangeError);
  });
});
