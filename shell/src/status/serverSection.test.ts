import { RENDER_PAGE_OUTCOMES, type RenderServerMetrics } from '@wenrun/shared';
import { table } from './dom';
import { serverSection } from './serverSection';

const API = 'https://api.example.cn';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The API's answer, as much of a Response as adminGet reads (jsdom has no Response). */
function answer(metrics: RenderServerMetrics): void {
  const reply = { ok: true, status: 200, json: async () => ({ header: { code: '200', codeMsg: '成功' }, data: metrics }) };
  globalThis.fetch = jest.fn(async () => reply as unknown as Response);
}

describe('the console\u2019s server metrics', () => {
  it('names every outcome a render server counts, and its routes, in Chinese', async () => {
    answer({
      servers: [{ url: 'http://127.0.0.1:3005/metrics' }],
      metricsFound: true,
      routes: [
        { route: '/wuyou/:id', outcomes: Object.fromEntries(RENDER_PAGE_OUTCOMES.map((outcome, index) => [outcome, index + 1])), p95Ms: 250 },
        { route: '*', outcomes: { rendered: 3 } },
      ],
      fallbacks: [{ remote: 'wuyou', version: '2.1.0', count: 2 }],
      cache: { hits: 3, misses: 1 },
    });
    const holder = document.createElement('div');
    holder.append(...(await serverSection(API)));
    const headings = [...holder.querySelectorAll('table:first-of-type th')].map((th) => th.textContent);
    expect(headings).toEqual(['路由', '渲染耗时 p95', '完整渲染', '有区域留给浏览器', '超时', '无法渲染', '重定向']);
    expect([...holder.querySelectorAll('tbody tr td:first-child')].slice(0, 2).map((td) => td.textContent)).toEqual(['/wuyou/:id', '其他路径（*）']);
    expect(holder.textContent).toContain('页面缓存命中率：75.0%（3/4）');
  });

  it('says when the servers have rendered nothing yet, rather than showing an empty table', async () => {
    answer({ servers: [{ url: 'http://127.0.0.1:3005/metrics' }], metricsFound: true, routes: [], fallbacks: [], cache: { hits: 0, misses: 0 } });
    const holder = document.createElement('div');
    holder.append(...(await serverSection(API)));
    expect(holder.textContent).toContain('渲染服务器启动以来还没有渲染过页面。');
    expect(holder.textContent).toContain('页面缓存还没有被查询过。');
  });
});

describe('the console\u2019s tables', () => {
  it('keep a column of short cells on one line, and let a column of addresses break', () => {
    const node = table(['时间', '操作', '之前'], [['2026/11/20 14:20', '中止', 'http://localhost:3004/mf-manifest.json；灰度 10% → https://cdn.example.cn/wuyou/2.1.0/mf-manifest.json']]);
    const classes = [...node.querySelectorAll('td')].map((td) => td.className);
    expect(classes).toEqual(['is-short', 'is-short', '']);
    expect([...node.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual(['时间', '操作', '之前']);
  });
});
