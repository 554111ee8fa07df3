import { completionResult, noCompletion } from './mcp-completion.view';

const candidates = (count: number) => Array.from({ length: count }, (_, index) => `v${index}`);

describe('completionResult', () => {
  it.each([
    [0, 0, false],
    [99, 99, false],
    [100, 100, false],
    [101, 100, true],
    [250, 100, true],
  ])('%i candidates → %i values, hasMore %s, in the method order', (count, sent, hasMore) => {
    const { completion } = completionResult('Host.complete', candidates(count));
    expect(completion).toEqual({ values: candidates(sent), total: count, hasMore });
  });

  it.each([
    ['a string', 'v1'],
    ['numbers', [1, 2]],
    ['null', null],
    ['an object', { values: [] }],
  ])('refuses %s as a bug of the host', (_, value) => {
    expect(() => completionResult('Host.complete', value)).toThrow('Host.complete must return an array of strings');
  });

  it('suggests nothing when no method completes the argument', () => {
    expect(noCompletion()).toEqual({ completion: { values: [], total: 0, hasMore: false } });
  });
});
