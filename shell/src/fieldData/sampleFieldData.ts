import type { RuntimeConfig } from '@wenrun/shared';
import type { FieldDataOptions } from './startFieldData';

/**
 * Decides, once per page view and before anything is fetched, whether this view is measured. The collector is a
 * chunk of its own (with `web-vitals`), so a view that is not sampled downloads none of it and sends nothing.
 */
export function sampleFieldData(config: RuntimeConfig, options: Omit<FieldDataOptions, 'statsBaseUrl'>): void {
  if (Math.random() >= config.fieldData.sampleRate) return;
  void import(/* webpackChunkName: "field-data" */ './startFieldData')
    .then(({ startFieldData }) => startFieldData({ ...options, statsBaseUrl: config.statsBaseUrl }))
    .catch(() => undefined);
}
