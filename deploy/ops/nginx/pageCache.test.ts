import { RENDERED_CONFIG_HEADER } from '@wenrun/server-plugins';
import { renderNginxConfig } from './config';
import { site } from './nginxSite.fixture';

describe('nginx\'s page cache in front of the render servers (issue 42)', () => {
  it('names each shared memory zone once (nginx refuses to start on a name declared twice)', () => {
    const zones = [...renderNginxConfig(site()).matchAll(/\b(?:keys_)?zone=([\w-]+):/g)].map(([, name]) => name);
    expect(zones.length).toBeGreaterThan(1);
    expect(new Set(zones).size).toBe(zones.length);
  });

  /** Every location that asks the render servers, as written in the config. */
  const renderLocations = (config: string) => config.split(/\n {2}location /).filter((block) => block.includes('proxy_pass http://render_gate;'));
  /** The targets nginx keeps: the regex of the `$page_cache_skip` map, as nginx reads it. */
  const cachedTarget = (config: string) => new RegExp(/map \$request_uri \$page_cache_skip \{\n\s+default 1;\n\s+"~(.+)" 0;/.exec(config)?.[1] ?? '^$');

  it('keeps the pages that are the same for every visitor, and no other target', () => {
    const cached = cachedTarget(renderNginxConfig(site({ writtenPages: false })));
    for (const target of ['/', '/about', '/about/1', '/about/3', '/about/6', '/wuyou/1', '/wuyou/1234567890']) expect([target, cached.test(target)]).toEqual([target, true]);
    const others = ['/search/%E8%AF%BE%E7%A8%8B', '/?utm=1', '/about/3?x=1', '/about/3/', '/about/%33', '/index.html', '/about/7', '/wuyou/0', '/wuyou/1/cover.png', '/healthz', '/nothing'];
    for (const target of others) expect([target, cached.test(target)]).toEqual([target, false]);
  });

  it('puts the served config\'s digest and the encoding in the key of every page it keeps, and says where each page came from', () => {
    for (const writtenPages of [true, false]) {
      const config = renderNginxConfig(site({ writtenPages }));
      const locations = renderLocations(config);
      // `/wuyou/`, `/search/`, @render, and without fitting written pages `/` and `…/index.html` too.
      expect(locations).toHaveLength(writtenPages ? 3 : 5);
      for (const location of locations) {
        expect(location).toContain('proxy_cache pages;');
        expect(location).toContain('proxy_cache_key "0123456789abcdef$request_uri $page_encoding";');
        expect(location).toContain('proxy_set_header Accept-Encoding $page_encoding;');
        expect(location).toContain('proxy_cache_bypass $page_cache_skip;');
        expect(location).toContain('add_header X-Cache-Status $upstream_cache_status always;');
        expect(location).toMatch(/proxy_cache_use_stale updating .*;\n\s+proxy_cache_background_update on;\n\s+proxy_cache_lock on;/);
      }
    }
    const edited = renderNginxConfig(site({ servedConfigDigest: 'fedcba9876543210' }));
    expect(edited).toContain('proxy_cache_key "fedcba9876543210$request_uri $page_encoding";');
    expect(edited).not.toContain('0123456789abcdef');
  });

  it('never keeps an answer that must not be shared: no-store or private, a Set-Cookie, any status but 200', () => {
    const config = renderNginxConfig(site());
    for (const location of renderLocations(config)) {
      expect(location).toContain('proxy_no_cache $page_cache_skip $page_not_shared $page_other_config;');
      expect(location).toMatch(/proxy_cache_valid 200 \d+s;/);
      expect(location).not.toMatch(/proxy_cache_valid (any|[^2])/);
      // nginx keeps no answer with a Set-Cookie unless told to ignore it.
      expect(location).not.toMatch(/proxy_ignore_headers[^;]*Set-Cookie/);
    }
    const notShared = new RegExp(/map \$upstream_http_cache_control \$page_not_shared \{\n\s+default 0;\n\s+"~\*(.+)" 1;/.exec(config)?.[1] ?? '^$', 'i');
    for (const cacheControl of ['no-store', 'private, max-age=0', 'No-Store']) expect(notShared.test(cacheControl)).toBe(true);
    expect(notShared.test('no-cache')).toBe(false);
  });

  it('keeps only a page the render server says it rendered for the served config, and does not pass that on', () => {
    const config = renderNginxConfig(site({ servedConfigDigest: 'fedcba9876543210' }));
    const block = /map \$upstream_http_x_rendered_config \$page_other_config \{([^}]+)\}/.exec(config)?.[1] ?? '';
    expect(block.replace(/\s+/g, ' ').trim()).toBe('default 1; "fedcba9876543210" 0;');
    for (const location of renderLocations(config)) expect(location).toContain(`proxy_hide_header ${RENDERED_CONFIG_HEADER};`);
  });

  it('asks the render servers for one copy per encoding, whatever a visitor writes in Accept-Encoding', () => {
    const block = /map "\$page_cache_skip:\$http_accept_encoding" \$page_encoding \{([^}]+)\}/.exec(renderNginxConfig(site()))?.[1] ?? '';
    const rules = [...block.matchAll(/"~(.+)" (\w+);/g)].map(([, pattern, value]) => ({ pattern: new RegExp(pattern ?? '^$'), value }));
    const encoding = (skip: number, accepted: string) => rules.find((rule) => rule.pattern.test(`${skip}:${accepted}`))?.value ?? '';
    expect(encoding(0, 'gzip, deflate, br, zstd')).toBe('br');
    expect(encoding(0, 'gzip;q=1, x-made-up-123')).toBe('gzip');
    expect(encoding(0, 'x-made-up-123')).toBe('');
    // Not kept (search): the render server is asked for the page as it is, and nginx compresses it as before.
    expect(encoding(1, 'br, gzip')).toBe('');
  });
});
