import type { FieldEvent, FieldView } from '@wenrun/shared/node';
import { fieldView } from '../../test/fieldViews';
import { testDatabase } from '../../test/harness';
import { createFieldDataStore } from './store';

/** The shared setup of the field-data store's tests: a fixed now, a view on a route, an LCP event, a fresh store. */
export const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

/** A view of `route` through the one builder, with the header's version unless `extra` says otherwise. */
export function view(id: string, route: string, extra: Partial<FieldView> = {}): FieldView {
  return fieldView({ id: `view-${id}`, route, versions: { header: '1.0.0' }, ...extra });
}
export const lcp = (value: number): FieldEvent => ({ kind: 'metric', name: 'LCP', value });

export async function store() {
  return createFieldDataStore(await testDatabase());
}
