import { DEFAULT_RUNTIME_CONFIG, PAGE_STATE_ID, parsePageState } from '@wenrun/shared/node';
import { APP_START_SCRIPT } from './appStart';
import { buildDocument, jsonForScript } from './document';

const TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>文润教育</title><script defer src="/main.1.js"></script></head><body><noscript>需要 JavaScript</noscript><div id="root"></div></body></html>';

function page(overrides: Partial<Parameters<typeof buildDocument>[0]> = {}) {
  return buildDocument({
    template: TEMPLATE,
    head: { title: '活动 <一> & "二"', description: '说明', canonicalPath: '/wuyou/1', jsonLd: [] },
    jsonLd: [{ '@type': 'Event', name: '</script><script>alert(1)</script>' }],
    config: DEFAULT_RUNTIME_CONFIG,
    siteUrl: 'https://www.example.cn',
    criticalCss: '.a{color:red}</style><script>alert(2)</script>',
    markup: '<h1>$& $1 活动</h1>',
    state: { data: { 'activity:1': { ok: true, data: { title: '</script><!--' } } }, failedSlots: [], renderedAt: '2026-11-24T00:00:00.000Z' },
    ...overrides,
  });
}

describe('buildDocument', () => {
  it('puts the head, the markup and the state into the shell page, escaped', () => {
    const html = page();
    expect(html).toContain('<title>活动 &lt;一&gt; &amp; &quot;二&quot;</title>');
    expect(html).toContain('<link rel="canonical" href="https://www.example.cn/wuyou/1">');
    expect(html).toContain('<meta property="og:image" content="https://www.example.cn/og-image.png">');
    expect(html).toContain('<div id="root"><h1>$& $1 活动</h1></div>');
    expect(html).not.toContain('<noscript>');
    // The app starts after the first paint: preloaded, run by the loader (appStart.ts).
    expect(html).toContain('<link rel="preload" as="script" href="/main.1.js" data-app-script>');
    expect(html).toContain(`<script>${APP_START_SCRIPT}</script></body>`);
    expect(html).not.toContain('<script>alert(1)');
    // Inside <style> only `</style` ends the element: what follows stays CSS text.
    const style = /<style data-critical>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(style).toBe('.a{color:red}<\\/style><script>alert(2)</script>');
  });

  it('carries the state as JSON the page can read back exactly', () => {
    const html = page();
    const text = new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">(.*?)</script>`).exec(html)?.[1] ?? "";
    expect(parsePageState(text)).toEqual({
      data: { 'activity:1': { ok: true, data: { title: '</script><!--' } } },
      failedSlots: [],
      renderedAt: '2026-11-24T00:00:00.000Z',
    });
  });

  it('names an activity\'s own picture and keeps search pages out of search engines', () => {
    const html = page({
      head: { title: 't', description: 'd', canonicalPath: '/search/x', noindex: true, image: { path: '/wuyou/1/cover.png', alt: '封面' }, jsonLd: [] },
    });
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta property="og:image" content="https://www.example.cn/wuyou/1/cover.png">');
    expect(html).toContain('<meta property="og:image:alt" content="封面">');
  });

  it('refuses a template without the root element', () => {
    expect(() => page({ template: '<html><body></body></html>' })).toThrow(/root/);
  });
});

describe('jsonForScript', () => {
  it('leaves nothing that could end the script element or open a comment', () => {
    const text = jsonForScript({ a: '</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!-- & \u2028' });
  });
});
