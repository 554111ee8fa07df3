import { exceedsJsonDepth } from './json-depth.policy';

describe('exceedsJsonDepth', () => {
  it.each([
    ['{}', 1, false],
    ['{"a":{}}', 1, true],
    ['[[1]]', 2, false],
    ['[[[1]]]', 2, true],
    ['{"a":"[[[[{{{{"}', 1, false],
    ['{"a":"\\"[[[["}', 1, false],
    ['"\\\\"', 0, false],
  ])('%s with limit %d: %s', (text, limit, expected) => {
    expect(exceedsJsonDepth(text, limit)).toBe(expected);
  });

  it('scans 100,000 levels without recursion', () => {
    expect(exceedsJsonDepth('['.repeat(100_000) + ']'.repeat(100_000), 128)).toBe(true);
  });
});
