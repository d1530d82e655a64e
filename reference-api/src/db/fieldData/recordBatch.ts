import { DAY_MS, FIELD_RETENTION_DAYS, type FieldEvent, type FieldMetric, type FieldView, HOUR_MS } from '@wenrun/shared/node';
import type { Insertable, Transaction } from 'kysely';
import type { Schema } from '../schema';
import type { FieldDataLimits } from './limits';
import { metricColumn } from './metricColumns';

/** What became of a batch: stored, or why not. */
export type RecordOutcome = 'stored' | 'empty' | 'flood' | 'foreign';

/** A batch of a view's events as the store receives it, from a client at a time. */
export interface FieldBatch {
  view: FieldView;
  events: FieldEvent[];
  now: number;
  client: string;
}

/** What a batch changes on its view: the last value of each metric it sent (CLS and INP only grow), an error or not. */
export function figuresOf(events: FieldEvent[]) {
  const metrics: Partial<Record<Lowercase<FieldMetric>, number>> = {};
  let hasError = false;
  for (const event of events) {
    if (event.kind === 'metric') metrics[metricColumn(event.name)] = event.value;
    if (event.kind === 'error') hasError = true;
  }
  return { metrics, hasError };
}

/** The row of one event of a view, as stored. */
export function eventRow(viewId: string, now: number, event: FieldEvent): Insertable<Schema['field_events']> {
  const row = { view_id: viewId, received_at: now, name: null, value: null, remote: null, version: null, outcome: null, message: null };
  if (event.kind === 'metric') return { ...row, kind: 'metric', name: event.name, value: event.value };
  if (event.kind === 'slot') return { ...row, kind: 'slot', value: event.loadMs, remote: event.remote, version: event.version, outcome: event.outcome };
  return { ...row, kind: 'error', remote: event.remote ?? null, version: event.version ?? null, message: event.message };
}

/** An hour's count matters while it is the current one, and while it marks a flood whose views are kept. */
export async function pruneClientHours(trx: Transaction<Schema>, now: number, viewsPerClientPerHour: number): Promise<void> {
  const hour = Math.floor(now / HOUR_MS);
  await trx
    .deleteFrom('field_client_hours')
    .where((eb) =>
      eb.or([
        eb('hour', '<', Math.floor((now - FIELD_RETENTION_DAYS * DAY_MS) / HOUR_MS)),
        eb.and([eb('hour', '<', hour), eb('views', '<=', viewsPerClientPerHour)]),
      ]),
    )
    .execute();
}

/** Counts a new view against its client's hour; refused views count too: a client past the cap stays past it. */
async function viewsThisHour(trx: Transaction<Schema>, { client, now }: FieldBatch): Promise<number> {
  const counted = await trx
    .insertInto('field_client_hours')
    .values({ client, hour: Math.floor(now / HOUR_MS), views: 1 })
    .onConflict((conflict) => conflict.columns(['client', 'hour']).doUpdateSet({ views: (eb) => eb('field_client_hours.views', '+', 1) }))
    .returning('views')
    .executeTakeFirstOrThrow();
  return counted.views;
}

async function insertView(trx: Transaction<Schema>, { view, events, now, client }: FieldBatch): Promise<void> {
  const { metrics, hasError } = figuresOf(events);
  await trx
    .insertInto('field_views')
    .values({
      id: view.id,
      route: view.route,
      versions: JSON.stringify(view.versions),
      canary: JSON.stringify(view.canary),
      seen_at: now,
      client,
      events: events.length,
      has_error: hasError ? 1 : 0,
      ...metrics,
    })
    .execute();
}

async function updateView(trx: Transaction<Schema>, { view, events }: FieldBatch): Promise<void> {
  const { metrics, hasError } = figuresOf(events);
  await trx
    .updateTable('field_views')
    .set((eb) => ({ events: eb('events', '+', events.length), ...(hasError ? { has_error: 1 } : {}), ...metrics }))
    .where('id', '=', view.id)
    .execute();
}

/** The batch's events, and what they add to their client's totals and the store's (what the caps are held to). */
async function appendEvents(trx: Transaction<Schema>, { view, events, now, client }: FieldBatch, isNew: boolean): Promise<void> {
  await trx.insertInto('field_events').values(events.map((event) => eventRow(view.id, now, event))).execute();
  await trx
    .insertInto('field_client_totals')
    .values({ client, views: 1, events: events.length })
    .onConflict((conflict) =>
      conflict.column('client').doUpdateSet((eb) => ({
        views: eb('field_client_totals.views', '+', isNew ? 1 : 0),
        events: eb('field_client_totals.events', '+', events.length),
      })),
    )
    .execute();
  await trx
    .updateTable('field_totals')
    .set((eb) => ({ views: eb('views', '+', isNew ? 1 : 0), events: eb('events', '+', events.length) }))
    .execute();
}

/**
 * The first batch of a view stores it with its first-seen time and its client, unless that client is past its
 * cap this hour; later ones (the page hidden again) only append events, and only from the same client: nobody
 * else's view can be made to fail.
 */
export async function storeBatch(trx: Transaction<Schema>, batch: FieldBatch, limits: FieldDataLimits): Promise<RecordOutcome> {
  const owner = await trx.selectFrom('field_views').select('client').where('id', '=', batch.view.id).executeTakeFirst();
  const isNew = owner === undefined;
  if (isNew) {
    if ((await viewsThisHour(trx, batch)) > limits.viewsPerClientPerHour) return 'flood';
    await insertView(trx, batch);
  } else if (owner.client !== batch.client) {
    return 'foreign';
  } else {
    await updateView(trx, batch);
  }
  await appendEvents(trx, batch, isNew);
  return 'stored';
}
