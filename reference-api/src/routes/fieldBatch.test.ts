import { FIELD_BATCH_LIMITS } from '../../../shared/src/api/fieldData';
import { parseFieldBatch } from './fieldBatch';

const view = { id: 'view-0123456789', route: '/', versions: { about: '1.2.0' }, canary: [] };
const slot = { kind: 'slot', remote: 'about', version: '1.2.0', loadMs: 120, outcome: 'loaded' };

const parse = (events: unknown, batchView: unknown = view, bytes = 200) => parseFieldBatch({ view: batchView, events }, bytes);

it('masks digit runs that could be a mobile number before anything is stored', () => {
  const batch = parse([{ kind: 'error', message: '手机号 13800138000 登录失败，第 12 行，订单 123456' }]);
  expect(batch).toEqual({
    accepted: true,
    view,
    events: [{ kind: 'error', message: '手机号 *** 登录失败，第 12 行，订单 ***' }],
    refused: [],
  });
});

it('keeps every kind of good event, at its bounds', () => {
  const events = [
    { kind: 'metric', name: 'LCP', value: 0 },
    { kind: 'metric', name: 'INP', value: 3_600_000 },
    { kind: 'metric', name: 'CLS', value: 100 },
    { kind: 'metric', name: 'TTFB', value: 12.5 },
    { ...slot, loadMs: 3_600_000, outcome: 'fallback' },
    { ...slot, outcome: 'failed' },
    { kind: 'error', message: 'x'.repeat(500), remote: 'about', version: '1.2.0' },
  ];
  expect(parse(events)).toEqual({ accepted: true, view, events, refused: [] });
});

describe('refuses a bad event with its reason, alone', () => {
  it.each<[string, unknown, string]>([
    ['an unknown kind', { kind: 'mystery' }, '不认识的类型 mystery'],
    ['no kind', { name: 'LCP', value: 1 }, '不认识的类型 undefined'],
    ['not an object', 'LCP=1', '不是一个事件对象'],
    ['an unknown metric', { kind: 'metric', name: 'FOO', value: 1 }, '不认识的指标 FOO'],
    ['a value that is not a number', { kind: 'metric', name: 'LCP', value: '1200' }, 'LCP 不是有限的数'],
    ['an infinite value', { kind: 'metric', name: 'LCP', value: Infinity }, 'LCP 不是有限的数'],
    ['NaN', { kind: 'metric', name: 'INP', value: NaN }, 'INP 不是有限的数'],
    ['a negative value', { kind: 'metric', name: 'TTFB', value: -1 }, 'TTFB 为负数'],
    ['a time over an hour', { kind: 'metric', name: 'LCP', value: 3_600_001 }, 'LCP 超过 3600000'],
    ['a CLS over 100', { kind: 'metric', name: 'CLS', value: 101 }, 'CLS 超过 100'],
    ['a negative slot load time', { ...slot, loadMs: -1 }, 'loadMs 为负数'],
    ['a slot load time over an hour', { ...slot, loadMs: 3_600_001 }, '加载时间超过一小时'],
    ['an unknown slot outcome', { ...slot, outcome: 'exploded' }, '不认识的结果 exploded'],
    ['a slot without a remote', { ...slot, remote: undefined }, 'remote 应为 1–32 个字符'],
    ['an empty error message', { kind: 'error', message: '' }, '错误信息为空'],
    ['an error message over 500 characters', { kind: 'error', message: 'x'.repeat(501) }, '错误信息超过 500 字'],
    ['an error without a message', { kind: 'error' }, '错误信息不是文字'],
  ])('%s', (_name, bad, reason) => {
    const good = { kind: 'metric', name: 'LCP', value: 1000 };
    expect(parse([good, bad, good])).toEqual({ accepted: true, view, events: [good, good], refused: [`events[1]: ${reason}`] });
  });
});

describe('refuses a batch whole', () => {
  const event = { kind: 'metric', name: 'LCP', value: 1000 };

  it(`with more than ${FIELD_BATCH_LIMITS.events} events, but not with exactly as many`, () => {
    expect(parse(Array.from({ length: FIELD_BATCH_LIMITS.events + 1 }, () => event))).toEqual({ accepted: false, reason: '批次超过 50 条，全部拒收' });
    expect(parse(Array.from({ length: FIELD_BATCH_LIMITS.events }, () => event))).toMatchObject({ accepted: true, refused: [] });
  });

  it(`over ${FIELD_BATCH_LIMITS.bytes} bytes, but not at exactly as many`, () => {
    expect(parse([event], view, FIELD_BATCH_LIMITS.bytes + 1)).toEqual({ accepted: false, reason: '批次超过 64 KB，全部拒收' });
    expect(parse([event], view, FIELD_BATCH_LIMITS.bytes)).toMatchObject({ accepted: true });
  });

  it('without an event list', () => {
    expect(parse({ 0: event })).toEqual({ accepted: false, reason: '批次没有 events 列表，全部拒收' });
  });

  const entries = (count: number, length = 5) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`r${i}`.padEnd(length, 'x'), '1.0.0']));
  it.each<[string, unknown, string]>([
    ['no view', null, 'view'],
    ['an id of 7 characters', { ...view, id: 'abcdefg' }, 'view.id'],
    ['an id of 65 characters', { ...view, id: 'a'.repeat(65) }, 'view.id'],
    ['an id with other characters', { ...view, id: 'view 0123456789' }, 'view.id'],
    ['a route that is not a path', { ...view, route: 'javascript:alert(1)' }, 'view.route'],
    ['a route over 200 characters', { ...view, route: `/${'a'.repeat(200)}` }, 'view.route'],
    ['more than 10 versions', { ...view, versions: entries(11) }, 'view.versions'],
    ['a remote name over 32 characters', { ...view, versions: entries(1, 33) }, `view.versions.${'r0'.padEnd(32, 'x')}…`],
    ['a version over 64 characters', { ...view, versions: { about: '1'.repeat(65) } }, 'view.versions.about'],
    ['more than 10 canary remotes', { ...view, canary: Array.from({ length: 11 }, (_, i) => `r${i}`) }, 'view.canary'],
    ['a canary remote over 32 characters', { ...view, canary: ['r'.repeat(33)] }, 'view.canary.0'],
  ])('with %s', (_name, badView, where) => {
    expect(parse([event], badView)).toEqual({ accepted: false, reason: `页面信息不合格（${where}），全部拒收` });
  });

  it('but takes a view at every bound', () => {
    const edge = {
      id: 'a'.repeat(64),
      route: `/${'a'.repeat(199)}`,
      versions: { ...entries(9), ['r'.repeat(32)]: 'v'.repeat(64) },
      canary: Array.from({ length: 10 }, () => 'c'.repeat(32)),
    };
    expect(parse([event], edge)).toMatchObject({ accepted: true, view: edge });
    expect(parse([event], { ...view, id: 'abcdefgh' })).toMatchObject({ accepted: true });
  });
});
