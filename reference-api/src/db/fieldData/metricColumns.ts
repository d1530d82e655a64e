import type { FieldMetric } from '@wenrun/shared/node';

/** The column of a view that holds the last value of a metric it sent (migrations/004_caps.ts). */
export const metricColumn = (metric: FieldMetric) => metric.toLowerCase() as Lowercase<FieldMetric>;

/** A figure as the summary shows it: CLS to a thousandth, times to the millisecond. */
export const rounded = (metric: FieldMetric, value: number) => (metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value));
