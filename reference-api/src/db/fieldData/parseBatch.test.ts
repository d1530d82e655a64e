import { FIELD_BATCH_LIMITS, REMOTE_NAMES, SITE_ROUTES } from '@wenrun/shared/node';
import { fieldView } from '../../test/fieldViews';
import { parseFieldBatch } from './parseBatch';

const view = fieldView({ id: 'view-0123456789', route: '/', versions: { about: '1.2.0' } });
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
    ['a slot without a remote', { ...slot, remote: undefined }, '不认识的 remote undefined'],
    ['a slot of a remote the parts table does not have', { ...slot, remote: 'evil' }, '不认识的 remote evil'],
    ['an error of a remote the parts table does not have', { kind: 'error', message: 'x', remote: 'r'.repeat(40) }, `不认识的 remote ${'r'.repeat(32)}…`],
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

  it.each<[string, unknown, string]>([
    ['no view', null, 'view：不是对象'],
    ['an id of 7 characters', { ...view, id: 'abcdefg' }, 'view.id：id 格式不对'],
    ['an id of 65 characters', { ...view, id: 'a'.repeat(65) }, 'view.id：id 格式不对'],
    ['an id with other characters', { ...view, id: 'view 0123456789' }, 'view.id：id 格式不对'],
    ['a route that is not a path', { ...view, route: 'javascript:alert(1)' }, 'view.route：不是路由清单中的路由 javascript:alert(1)'],
    ['a path instead of its route', { ...view, route: '/about/3' }, 'view.route：不是路由清单中的路由 /about/3'],
    ['a made-up route', { ...view, route: `/${'a'.repeat(200)}` }, `view.route：不是路由清单中的路由 /${'a'.repeat(31)}…`],
    ['a remote the parts table does not have', { ...view, versions: { fake: '1.0.0' } }, 'view.versions：不认识的 remote fake'],
    ['a version over 64 characters', { ...view, versions: { about: '1'.repeat(65) } }, 'view.versions.about：version 应为 1–64 个字符'],
    ['versions that are no object', { ...view, versions: ['1.0.0'] }, 'view.versions：versions 不是对象'],
    ['a canary remote the parts table does not have', { ...view, canary: ['evil'] }, 'view.canary.0：不认识的 remote evil'],
    ['a canary list longer than the remotes', { ...view, canary: ['about', 'about', 'about', 'about', 'about'] }, 'view.canary：canary 过长'],
  ])('with %s', (_name, badView, reason) => {
    expect(parse([event], badView)).toEqual({ accepted: false, reason: `页面信息不合格（${reason}），全部拒收` });
  });

  it('but takes a view at every bound: every route of the manifest, every remote of the parts table', () => {
    for (const route of SITE_ROUTES.map((siteRoute) => siteRoute.path)) {
      const edge = {
        id: 'a'.repeat(64),
        route,
        versions: Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, 'v'.repeat(64)])),
        canary: [...REMOTE_NAMES],
      };
      expect(parse([event], edge)).toMatchObject({ accepted: true, view: edge });
    }
    expect(parse([event], { ...view, id: 'abcdefgh' })).toMatchObject({ accepted: true });
  });
});
