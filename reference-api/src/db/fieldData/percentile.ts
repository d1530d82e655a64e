/**
 * The nearest-rank percentile: the value at rank ceil(fraction × n) of the sorted values, always one measured
 * (PostgreSQL's `percentile_disc`); undefined with no value.
 */
export function nearestRank(values: number[] | Float64Array, fraction: number): number | undefined {
  if (values.length === 0) return undefined;
  // A typed array sorts numerically, natively, in place (a week at the caps sorts 100,000 values per metric).
  const sorted = (values instanceof Float64Array ? values : Float64Array.from(values)).sort();
  return sorted[Math.ceil(fraction * sorted.length) - 1];
}

export const p75Of = (values: number[] | Float64Array) => nearestRank(values, 0.75);

/** The values that were measured (not null) of the items, `valueOf` each. */
export function measured<T>(items: readonly T[], valueOf: (item: T) => number | null): Float64Array {
  const values = new Float64Array(items.length);
  let count = 0;
  for (const item of items) {
    const value = valueOf(item);
    if (value !== null) values[count++] = value;
  }
  return values.subarray(0, count);
}
