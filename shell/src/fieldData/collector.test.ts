import { FIELD_BATCH_LIMITS, type FieldBatch, type FieldEvent } from '@wenrun/shared';
import { fieldCollector, scrubMessage } from './collector';

const view = { id: 'view-0001', route: '/about/:section', versions: { header: '1.0.0' }, canary: [] };

function collect() {
  const sent: FieldBatch[] = [];
  const collector = fieldCollector(
    () => view,
    (body) => {
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(FIELD_BATCH_LIMITS.bytes);
      sent.push(JSON.parse(body) as FieldBatch);
      return true;
    },
  );
  return { collector, sent };
}

const lcp = (value: number): FieldEvent => ({ kind: 'metric', name: 'LCP', value });

describe('fieldCollector', () => {
  it('sends what was added since the last flush, once, with the view', () => {
    const { collector, sent } = collect();
    collector.add(lcp(1200));
    collector.flush();
    collector.flush();
    collector.add(lcp(1300));
    collector.flush();
    expect(sent).toEqual([
      { type: 'fieldData', view, events: [lcp(1200)] },
      { type: 'fieldData', view, events: [lcp(1300)] },
    ]);
  });

  it(`splits more than ${FIELD_BATCH_LIMITS.events} events into batches the API accepts`, () => {
    const { collector, sent } = collect();
    for (let i = 0; i < 120; i += 1) collector.add(lcp(i));
    collector.flush();
    expect(sent.map((batch) => batch.events.length)).toEqual([50, 50, 20]);
    expect(sent.flatMap((batch) => batch.events)).toHaveLength(120);
  });

  it(`splits events whose batch would pass ${FIELD_BATCH_LIMITS.bytes / 1024} KB`, () => {
    const { collector, sent } = collect();
    const error: FieldEvent = { kind: 'error', message: '错'.repeat(500) };
    for (let i = 0; i < 49; i += 1) collector.add(error);
    collector.flush();
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.flatMap((batch) => batch.events)).toHaveLength(49);
  });

  it('sends nothing when nothing was added', () => {
    const { collector, sent } = collect();
    collector.flush();
    expect(sent).toEqual([]);
  });
});

describe('scrubMessage', () => {
  it.each([
    ['登录失败：13800138000', '登录失败：***'],
    ['id 123456789 at line 12', 'id *** at line 12'],
    ['', '（无消息）'],
  ])('%p ⇒ %p', (message, scrubbed) => expect(scrubMessage(message)).toBe(scrubbed));

  it('caps the length', () => expect(scrubMessage('x'.repeat(2000))).toHaveLength(500));
});
