/**
 * The nearest-rank percentile: the value at rank ceil(fraction × n) of the sorted values, always one measured
 * (PostgreSQL's `percentile_disc`); undefined with no value.
 */
export function nearestRank(values: number[], fraction: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.ceil(fraction * sorted.length) - 1];
}

export const p75Of = (values: number[]) => nearestRank(values, 0.75);

/** The values of a metric that were measured. */
export const measured = <T>(items: T[], valueOf: (item: T) => number | null): number[] => {
  const values: number[] = [];
  for (const item of items) {
    const value = valueOf(item);
    if (value !== null) values.push(value);
  }
  return values;
};
