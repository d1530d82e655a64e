import { FIELD_BATCH_LIMITS, type FieldBatch, type FieldEvent, type FieldView } from '@wenrun/shared';

/** Sends one batch; false when it could not be handed over (the events are dropped: field data never retries). */
export type SendBatch = (body: string) => boolean;

export interface FieldCollector {
  add(event: FieldEvent): void;
  /** Sends what was added since the last flush, in as many batches as the limits need. */
  flush(): void;
}

/**
 * The events of one page view, sent in batches within the API's limits (FIELD_BATCH_LIMITS: a batch over them
 * would be refused whole). `view()` is read at each flush: versions become known as remotes load.
 */
export function fieldCollector(view: () => FieldView, send: SendBatch): FieldCollector {
  let pending: FieldEvent[] = [];
  const body = (events: FieldEvent[]) => JSON.stringify({ type: 'fieldData', view: view(), events } satisfies FieldBatch);
  const bytes = (text: string) => new TextEncoder().encode(text).length;

  return {
    add(event) {
      pending.push(event);
    },
    flush() {
      const events = pending;
      pending = [];
      let batch: FieldEvent[] = [];
      for (const event of events) {
        const candidate = [...batch, event];
        if (batch.length > 0 && (candidate.length > FIELD_BATCH_LIMITS.events || bytes(body(candidate)) > FIELD_BATCH_LIMITS.bytes)) {
          send(body(batch));
          batch = [event];
        } else {
          batch = candidate;
        }
      }
      if (batch.length > 0) send(body(batch));
    },
  };
}

/** No personal data leaves the page: digit runs long enough to be a mobile or an id are masked, and length capped. */
export function scrubMessage(message: string): string {
  return message.replace(/\d{6,}/g, '***').slice(0, 500) || '（无消息）';
}
