import { PasswordCheckGate, PasswordCheckGateFullError } from './password-check.gate';

describe('PasswordCheckGate', () => {
  it('runs at most `concurrency` checks at once, queues up to the limit, refuses the rest at once', async () => {
    const gate = new PasswordCheckGate(2, 3);
    let now = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const check = () =>
      new Promise<string>((resolve) => {
        now++;
        peak = Math.max(peak, now);
        releases.push(() => {
          now--;
          resolve('done');
        });
      });
    const runs = Array.from({ length: 5 }, () => gate.run(check));
    await expect(gate.run(check)).rejects.toBeInstanceOf(PasswordCheckGateFullError);
    await Promise.resolve();
    expect([gate.active, gate.queued, now]).toEqual([2, 3, 2]);
    while (releases.length > 0 || now > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all(runs)).resolves.toEqual(Array(5).fill('done'));
    expect(peak).toBe(2);
    expect([gate.active, gate.queued]).toEqual([0, 0]);
  });

  it('frees the slot when a check fails', async () => {
    const gate = new PasswordCheckGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
