import { FIELD_METRICS, type FieldFigures, type FieldMetric } from '@wenrun/shared/node';
import type { WindowView } from './hourCache';
import type { ReleaseGroup } from './groupings';
import { rounded } from './metricColumns';
import { measured, p75Of } from './percentile';

/** Each metric's value in a view: a function of its own per metric, which V8 reads faster than a column by name. */
const VALUE_OF: Record<FieldMetric, (view: WindowView) => number | null> = {
  LCP: (view) => view.lcp,
  INP: (view) => view.inp,
  CLS: (view) => view.cls,
  TTFB: (view) => view.ttfb,
};

/** A group's views, views with an error, and each metric's p75 over the views that measured it. */
export function figuresOf(views: WindowView[]): FieldFigures {
  const p75: FieldFigures['p75'] = {};
  for (const metric of FIELD_METRICS) {
    const value = p75Of(measured(views, VALUE_OF[metric]));
    if (value !== undefined) p75[metric] = rounded(metric, value);
  }
  const withErrors = views.filter((view) => view.hasError).length;
  return { views: views.length, errorRate: withErrors / views.length, p75 };
}

/**
 * A release's slot: the views where it fell back or failed, and the p75 of the loads that ended with a module: a
 * failure has no load time worth the name (a module that threw at start is reported with 0 ms) and is counted on its
 * own, in `failures`, so a failing canary cannot look fast.
 */
export function slotFiguresOf({ remote, members }: ReleaseGroup) {
  let fallbacks = 0;
  let failures = 0;
  const loads: number[] = [];
  for (const { view } of members) {
    const slots = view.slots.filter((slot) => slot.remote === remote);
    if (slots.some((slot) => slot.outcome === 'fallback')) fallbacks += 1;
    if (slots.some((slot) => slot.outcome === 'failed')) failures += 1;
    for (const slot of slots) if (slot.outcome !== null && slot.outcome !== 'failed') loads.push(slot.value ?? 0);
  }
  const load = p75Of(loads);
  return { fallbacks, failures, ...(load === undefined ? {} : { slotLoadP75: Math.round(load) }) };
}
