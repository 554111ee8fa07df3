import { PasswordCheckGate, PasswordCheckGateFullError } from './password-check-gate.service';

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

  /** A check that runs until released, recording its name in the order checks start. */
  function held(started: string[], releases: Array<() => void>) {
    return (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        releases.push(() => resolve(name));
      });
  }
  const drain = async (releases: Array<() => void>) => {
    for (let round = 0; round < 100 && releases.length > 0; round++) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  it('serves the waiting addresses in turn: a storm from one address does not delay the others behind it', async () => {
    const gate = new PasswordCheckGate(1, { queueLimit: 64, perKeyLimit: 32 });
    const started: string[] = [];
    const releases: Array<() => void> = [];
    const check = held(started, releases);
    const runs = [gate.run(check('storm-0'), 'storm')];
    for (let n = 1; n <= 10; n++) runs.push(gate.run(check(`storm-${n}`), 'storm'));
    runs.push(gate.run(check('alice'), 'alice'), gate.run(check('bob'), 'bob'));
    await drain(releases);
    await Promise.all(runs);
    expect(started.slice(0, 5)).toEqual(['storm-0', 'storm-1', 'alice', 'bob', 'storm-2']);
    expect(started).toHaveLength(13);
  });

  it('gives one address at most perKeyLimit waiting places, so the queue stays open to others', async () => {
    const gate = new PasswordCheckGate(1, { queueLimit: 6, perKeyLimit: 3 });
    const started: string[] = [];
    const releases: Array<() => void> = [];
    const check = held(started, releases);
    const runs = Array.from({ length: 4 }, (_, n) => gate.run(check(`storm-${n}`), 'storm'));
    await expect(gate.run(check('storm-4'), 'storm')).rejects.toBeInstanceOf(PasswordCheckGateFullError);
    const others = [gate.run(check('alice'), 'alice'), gate.run(check('bob'), 'bob'), gate.run(check('carol'), 'carol')];
    await expect(gate.run(check('dave'), 'dave')).rejects.toBeInstanceOf(PasswordCheckGateFullError);
    expect(gate.queued).toBe(6);
    await drain(releases);
    await Promise.all([...runs, ...others]);
  });

  it('refuses a check that waited maxWaitMs, and serves the next one', async () => {
    jest.useFakeTimers();
    try {
      const gate = new PasswordCheckGate(1, { queueLimit: 10, maxWaitMs: 5000 });
      const started: string[] = [];
      const releases: Array<() => void> = [];
      const check = held(started, releases);
      const first = gate.run(check('first'));
      const late = gate.run(check('late'));
      const refused = expect(late).rejects.toThrow('waited too long for a password check');
      jest.advanceTimersByTime(5000);
      await refused;
      expect(gate.queued).toBe(0);
      const next = gate.run(check('next'));
      releases.shift()!();
      await first;
      await Promise.resolve();
      await Promise.resolve();
      expect(started).toEqual(['first', 'next']);
      releases.shift()!();
      await next;
      expect([gate.active, gate.queued]).toEqual([0, 0]);
    } finally {
      jest.useRealTimers();
    }
  });
});
