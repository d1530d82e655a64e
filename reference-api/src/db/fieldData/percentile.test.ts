import { nearestRank } from './percentile';

/** The nearest-rank percentile by its definition: the value at rank ceil(fraction × n) of the sorted values. */
const byDefinition = (values: number[], fraction: number) => [...values].sort((a, b) => a - b)[Math.ceil(fraction * values.length) - 1];

describe('nearestRank: the nearest-rank percentile', () => {
  it('takes the value at rank ceil(fraction × n) for every size, numerically sorted, and is undefined with no value', () => {
    // Sizes 1 to 13 (where floor and ceil ranks part), values out of order, repeated, and of differing digit counts.
    for (let size = 1; size <= 13; size += 1) {
      const values = Array.from({ length: size }, (_, index) => ((index * 7919) % 11) * 10.5 + (index % 2) * 1000);
      for (const fraction of [0.75, 0.5]) expect(nearestRank(values, fraction)).toBe(byDefinition(values, fraction));
    }
    expect(nearestRank([], 0.75)).toBeUndefined();
  });
});
