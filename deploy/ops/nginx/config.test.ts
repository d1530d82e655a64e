import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { activityImagePath, parseRuntimeConfig, REMOTE_NAMES, SITE_ROUTES } from '@wenrun/shared/node';
import { buildServer, productionRoutes, type ApiRoute } from '@wenrun/reference-api';
import { RENDERED_CONFIG_HEADER } from '@wenrun/server-plugins';
import { siteAddressesOf } from '../../serve/headers';
import { apiLocation } from './apiServer';
import { configAfterEdit, renderNginxConfig } from './config';
import type { NginxSite } from './nginxSite';
import { TLS_CIPHERS } from './tls';
import { isHostName } from './hostNames';
import { configOnOrigins, type ServedOrigins } from '../../serve/servedConfig';
import { PER_REQUEST_PREFIXES } from '../../serve/perRequest';
import { CLIENT_KEY_PATTERNS, PAGE_BUDGETS, pageGateSocket, servedHosts, TOO_MANY_PAGE } from './visitors';

const EXAMPLE = JSON.parse(fs.readFileSync(path.join(__dirname, '../../runtime-config.production.example.json'), 'utf8')) as Record<string, unknown>;

function site(overrides: Partial<NginxSite> = {}): NginxSite {
  return {
    host: 'www.example.cn',
    listen: ['127.0.0.1'],
    shell: { port: 443, root: '/srv/shell' },
    remotes: Object.fromEntries(REMOTE_NAMES.map((name, index) => [name, { port: 8001 + index, root: `/srv/${name}` }])) as NginxSite['remotes'],
    api: { port: 8100, upstream: 'http://127.0.0.1:3100', routes: [] },
    renderServers: ['127.0.0.1:3005'],
    runtimeConfigFile: '/srv/runtime-config.json',
    addresses: siteAddressesOf(parseRuntimeConfig(EXAMPLE).config),
    writtenPages: true,
    servedConfigDigest: '0123456789abcdef',
    tls: { certificate: '/etc/ssl/site.crt', key: '/etc/ssl/site.key', redirectPort: 80 },
    prefix: '/tmp/nginx',
    secretsFile: '/tmp/nginx/nginx-secrets/secrets.conf',
    visitorScriptFile: '/tmp/nginx/visitor-key.js',
    ...overrides,
  };
}

/** The API server block's locations, as nginx would match them: a path and a method in, forwarded or not. */
function apiForwarding(config: string): (pathname: string, method: string) => boolean {
  const block = config.slice(config.indexOf('client_max_body_size 64k;'));
  const locations = [...block.matchAll(/location (=|~) (\S+) \{\n\s+if \(\$request_method !~ \^\(([A-Z|]+)\)\$\)/g)].map(([, kind, pattern, methods]) => ({
    matches: kind === '=' ? (pathname: string) => pathname === pattern : (pathname: string) => new RegExp(pattern ?? '').test(pathname),
    methods: (methods ?? '').split('|'),
  }));
  return (pathname, method) => {
    const exact = locations.find((location) => location.matches(pathname));
    return exact !== undefined && exact.methods.includes(method);
  };
}

/** A path a route answers (`:id` → `7`, `*` → `a/b.svg`). */
const samplePath = (url: string) => url.replace(/:\w+/g, '7').replace(/\*/g, 'a/b.svg');

describe('nginx in front of the API: an allow-list from the API\'s own route table', () => {
  let production: ApiRoute[];
  let demo: ApiRoute[];
  beforeAll(async () => {
    production = await productionRoutes();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-routes-'));
    const app = await buildServer({ databasePath: path.join(dir, 'site.db'), devEndpoints: true });
    demo = [...app.apiRoutes];
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('forwards every route of the production form with its methods, and nothing of the demo', () => {
    const forwarded = apiForwarding(renderNginxConfig(site({ api: { port: 8100, upstream: 'http://127.0.0.1:3100', routes: production } })));
    const routes = production.filter((route) => route.url !== '*');
    expect(routes.length).toBeGreaterThan(15);
    for (const { method, url } of routes) expect(forwarded(samplePath(url), method)).toBe(true);
    const demoOnly = demo.filter((route) => !production.some((other) => other.url === route.url && other.method === route.method));
    expect(demoOnly.map((route) => route.url)).toEqual(expect.arrayContaining(['/__dev/codes/:mobile', '/__dev/activities']));
    for (const { method, url } of demoOnly) expect(forwarded(samplePath(url), method)).toBe(false);
    // A route's path with another method, and a path no route has.
    expect(forwarded('/website/websiteSendCode1.0', 'GET')).toBe(false);
    expect(forwarded('/accounts/a/b', 'GET')).toBe(false);
  });

  it('writes a plain path as an exact location and a pattern as an anchored regex', () => {
    expect(apiLocation('/website/websiteSendCode1.0')).toBe('= /website/websiteSendCode1.0');
    expect(apiLocation('/admin/activities/:id/online')).toBe('~ ^/admin/activities/[^/]+/online$');
    expect(apiLocation('/images/*')).toBe('~ ^/images/.*$');
  });
});

describe('nginx: TLS, workers, pages', () => {
  it('offers Mozilla\'s intermediate suites only: forward secret and AEAD, no CBC', () => {
    const config = renderNginxConfig(site());
    expect(config).toContain(`ssl_ciphers ${TLS_CIPHERS.join(':')};`);
    for (const suite of TLS_CIPHERS) expect(suite).toMatch(/^ECDHE-(ECDSA|RSA)-(AES(128|256)-GCM-SHA(256|384)|CHACHA20-POLY1305)$/);
    expect(config).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
  });

  it('runs its workers as the user it is given, never as root', () => {
    expect(renderNginxConfig(site({ user: 'www-data' }))).toMatch(/^user www-data;$/m);
    expect(renderNginxConfig(site())).not.toMatch(/^user /m);
  });

  it('names in every page\'s CSP the origins of the served config, and no http: one when the config has none', () => {
    const config = renderNginxConfig(site());
    const csp = /"~\*\^\([^"]+\)\(;\|\$\)" "(default-src[^"]+)"/.exec(config)?.[1] ?? '';
    expect(csp).toContain('https://static.wenrun.example.cn');
    expect(csp).toContain('https://api.wenrun.example.cn');
    expect(csp).toContain('https://stats.wenrun.example.cn');
    expect(csp).not.toContain('http:');
  });

  it('serves the pages written at build only when they were written for the served config; else every page is rendered', () => {
    expect(renderNginxConfig(site({ writtenPages: true }))).toContain('try_files $uri $uri/index.html @render;');
    const rendered = renderNginxConfig(site({ writtenPages: false }));
    expect(rendered).toContain('try_files $uri @render;');
    expect(rendered).toMatch(/location = \/ \{\n\s+proxy_pass http:\/\/render_gate;/);
    expect(rendered).not.toContain('$uri/index.html');
  });
});

describe('the runtime config the production form serves', () => {
  const served: ServedOrigins = {
    api: 'https://www.example.cn:8100',
    remotes: Object.fromEntries(REMOTE_NAMES.map((name, index) => [name, `https://www.example.cn:${8001 + index}`])) as ServedOrigins['remotes'],
  };

  it('moves the build\'s own addresses onto nginx\'s origins and keeps fallbacks, canaries and the rest as written', () => {
    const built = {
      ...EXAMPLE,
      apiBaseUrl: 'http://localhost:3100',
      statsBaseUrl: 'http://localhost:3100/stats',
      remotes: {
        ...(EXAMPLE.remotes as Record<string, unknown>),
        header: ['http://localhost:3001/mf-manifest.json', 'https://static.wenrun.example.cn/header/1.3.2/mf-manifest.json'],
      },
    };
    const moved = configOnOrigins(built, served) as typeof EXAMPLE & typeof built;
    expect(moved.apiBaseUrl).toBe('https://www.example.cn:8100');
    expect(moved.statsBaseUrl).toBe('https://www.example.cn:8100/stats');
    expect(moved.remotes.header).toEqual(['https://www.example.cn:8001/mf-manifest.json', 'https://static.wenrun.example.cn/header/1.3.2/mf-manifest.json']);
    expect((moved.remotes as Record<string, unknown>).wuyou).toEqual({
      entries: ['https://www.example.cn:8004/mf-manifest.json', 'https://static.wenrun.example.cn/wuyou/1.5.3/mf-manifest.json'],
      canary: { entry: 'https://static.wenrun.example.cn/wuyou/1.7.0/mf-manifest.json', percent: 10 },
    });
    expect(moved.fieldData).toEqual(EXAMPLE.fieldData);
    const { config, problems } = parseRuntimeConfig(moved);
    expect(problems).toEqual([]);
    expect(config.canaries.wuyou?.entry).toBe('https://static.wenrun.example.cn/wuyou/1.7.0/mf-manifest.json');
  });
});

/** A path of each route of the route manifest rendered per request, its params filled in (`/wuyou/:id` ⇒ `/wuyou/7`); the catch-all aside. */
const PER_REQUEST = SITE_ROUTES.filter((route) => route.rendered === 'request' && route.path !== '*').map((route) => route.path.replace(/:\w+/g, '7'));
const WRITTEN = SITE_ROUTES.filter((route) => route.rendered === 'build').flatMap((route) => route.buildPaths);

describe('nginx and the route manifest (deploy/serve/perRequest.ts; the part server: partServer.test.ts)', () => {
  it('sends the routes the manifest renders per request to the render servers, whatever the folder holds; the picture of a shared link as a file first', () => {
    const config = renderNginxConfig(site());
    const shell = config.slice(config.indexOf('listen 127.0.0.1:443'), config.indexOf('listen 127.0.0.1:8001'));
    // Each `^~` location with its block (to the next location at the server's level).
    const prefixes = [...shell.matchAll(/\n {2}location \^~ (\S+) \{([\s\S]*?)\n {2}\}\n/g)].map(([, prefix = '', block = '']) => ({ prefix, block }));
    const locationOf = (pathname: string) => prefixes.filter(({ prefix }) => pathname.startsWith(prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
    for (const page of PER_REQUEST) expect([page, locationOf(page)?.block]).toEqual([page, expect.stringContaining('proxy_pass http://render_gate;')]);
    for (const page of WRITTEN) expect([page, locationOf(page)]).toEqual([page, undefined]);
    const picture = locationOf(activityImagePath('7'))?.block ?? '';
    const nested = [...picture.matchAll(/location ~ (\S+) \{\n\s+try_files \$uri @render;/g)].map(([, pattern]) => new RegExp(pattern ?? ''));
    expect(nested.some((pattern) => pattern.test(activityImagePath('7')))).toBe(true);
    expect(nested.some((pattern) => pattern.test(PER_REQUEST[0] ?? ''))).toBe(false);
  });
});

describe('nginx per visitor and per host name (visitors.ts)', () => {
  /** The /64 a canonical IPv6 address is in, by the config's patterns, as nginx's map reads them. */
  const keyOf = (address: string) => {
    const found = CLIENT_KEY_PATTERNS.find(([pattern]) => new RegExp(pattern).test(address));
    return found ? address.replace(new RegExp(found[0]), found[1]) : address;
  };
  /** Groups that are often zero: the forms where `::` hides part of the prefix. */
  const group = (random: () => number) => (random() < 0.5 ? 0 : Math.floor(random() * 0x10000));

  it('keys a client by its IPv4 address, or by the /64 of its IPv6 address however `::` shortens it', () => {
    let seed = 41;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 20_000; i += 1) {
      const groups = Array.from({ length: 8 }, () => group(random));
      // nginx writes $remote_addr as inet_ntop does: RFC 5952's form, which WHATWG's URL parser writes too.
      const canonical = new URL(`http://[${groups.map((value) => value.toString(16)).join(':')}]/`).hostname.slice(1, -1);
      if (canonical.includes('.')) continue;
      expect([canonical, keyOf(canonical)]).toEqual([canonical, groups.slice(0, 4).map((value) => value.toString(16)).join(':')]);
    }
    expect(keyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(keyOf('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7');
  });

  it('counts no page nginx keeps or has as a file: the budgets are checked in the gate alone, which only what the render servers are asked reaches', () => {
    const config = renderNginxConfig(site({ writtenPages: false }));
    const gate = config.slice(config.indexOf(`listen unix:${pageGateSocket('/tmp/nginx')};`)).split('\n  }\n')[0] ?? '';
    // nginx checks limit_req before its cache (preaccess): no location of the shell's server has one.
    expect(config.match(/limit_req zone=/g)).toHaveLength(3);
    expect(gate.match(/limit_req zone=/g)).toHaveLength(3);
    for (const [budget, { burst }] of Object.entries(PAGE_BUDGETS)) expect(gate).toContain(`limit_req zone=${budget}_pages burst=${burst} nodelay;`);
    expect(gate).toContain('proxy_pass http://render_servers;');
    // The budgets' keys go no further than the gate.
    for (const header of ['X-Wenrun-Visitor', 'X-Wenrun-Newcomer', 'X-Wenrun-Client']) expect(gate).toContain(`proxy_set_header ${header} "";`);
    // Every location that asked the render servers asks the gate, telling it the keys (set by nginx, whatever the
    // client sent), and keeps what it answers; its 429 is the site's page.
    const proxies = config.split(/\n\s+location /).filter((block) => block.split('\n  }')[0]?.includes('proxy_pass http://render_gate;'));
    expect(proxies.length).toBe(PER_REQUEST_PREFIXES.length + 3);
    expect(config.match(/proxy_pass http:\/\/render_servers;/g)).toHaveLength(1);
    for (const block of proxies) {
      expect(block).toContain('proxy_set_header X-Wenrun-Visitor $visitor_budget_key;');
      expect(block).toContain('proxy_set_header X-Wenrun-Newcomer $newcomer_budget_key;');
      expect(block).toContain('proxy_set_header X-Wenrun-Client $client_key;');
      expect(block).toContain('proxy_cache pages;');
      expect(block).toContain('error_page 429 @too_many;');
      expect(block).toContain('add_header Set-Cookie $visitor_cookie always;');
    }
    const page = config.slice(config.indexOf('location @too_many {'));
    expect(page).toMatch(/add_header Retry-After \d+ always;/);
    expect(page).toContain('return 429 "<!doctype html>');
    expect(TOO_MANY_PAGE).toContain('请求过于频繁');
    expect(TOO_MANY_PAGE).not.toContain('$');
  });

  it('keys a visitor by nginx\'s signed key, a request without one as its address\'s newcomer, and every request by its address too', () => {
    const config = renderNginxConfig(site());
    expect(config).toContain('load_module /usr/lib/nginx/modules/ngx_http_js_module.so;');
    expect(config).toContain('  include /tmp/nginx/nginx-secrets/secrets.conf;');
    expect(config).toContain('js_set $visitor_key visitor.key;');
    for (const [budget, { perSecond }] of Object.entries(PAGE_BUDGETS)) expect(config).toMatch(new RegExp(`limit_req_zone \\$http_x_wenrun_\\w+ zone=${budget}_pages:10m rate=${perSecond}r/s;`));
    // The backstop is far above one visitor's budget, and a newcomer's above a visitor's (60 behind one address at once).
    expect(PAGE_BUDGETS.address.burst).toBeGreaterThanOrEqual(300);
    expect(PAGE_BUDGETS.newcomer.burst).toBeGreaterThanOrEqual(60);
    expect(PAGE_BUDGETS.visitor.perSecond).toBeLessThan(PAGE_BUDGETS.newcomer.perSecond);
    // No address is spared unless named (a test suite's own client), and then only that one.
    expect(config).not.toMatch(/"127\.0\.0\.1" "";/);
    const spared = renderNginxConfig(site({ unlimitedClients: ['127.0.0.1'] }));
    expect(spared.slice(spared.indexOf('map $remote_addr $client_key {')).split('}')[0]?.match(/ "";/g)).toHaveLength(1);
    expect(spared).toContain('    "127.0.0.1" "";');
    // A spared client has no key for any budget: the visitor's and the newcomer's follow the client key.
    expect(spared).toMatch(/map \$client_key \$visitor_budget_key \{\n\s+"" "";\n\s+default \$visitor_key;/);
    expect(spared).toMatch(/map \$visitor_budget_key \$newcomer_budget_key \{\n\s+"" \$client_key;\n\s+default "";/);
  });

  it('tells the API the visitor with the secret only nginx and the API know, whatever the client sent', () => {
    const config = renderNginxConfig(site());
    const api = config.slice(config.indexOf('client_max_body_size 64k;'));
    expect(api).toContain('proxy_set_header X-Wenrun-Proxy $api_proxy_secret;');
    expect(api).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    // The secret itself is in no config every user reads.
    expect(config).not.toMatch(/X-Wenrun-Proxy "/);
  });

  it('redirects plain HTTP to the configured host, never to the one the client wrote; other hosts over HTTPS get 421', () => {
    const config = renderNginxConfig(site());
    expect(config).toContain('worker_processes auto;');
    expect(config).not.toMatch(/return 30\d [^;]*\$host/);
    expect(config).toContain('return 301 https://www.example.cn:443$request_uri;');
    const ports = [443, ...REMOTE_NAMES.map((_, index) => 8001 + index), 8100];
    const unknown = [...config.matchAll(/server \{\n((?: {2}listen [^\n]+\n)+) {2}server_name "";[\s\S]*?return 421 "";\n\}/g)].map(([, listen = '']) => listen);
    expect(unknown.map((listen) => Number(/:(\d+) ssl http2 default_server;/.exec(listen)?.[1]))).toEqual(ports);
    // The site's own name and every host its config names are served; nothing else is.
    const names = [...config.matchAll(/server_name ([^;"]+);/g)].map(([, list = '']) => list.split(' '));
    for (const list of names) expect(list).toEqual(servedHosts('www.example.cn', [...site().addresses.parts, ...site().addresses.api]));
    expect(names.flat()).toContain('www.example.cn');
  });

  it('behind a load balancer: every server also listens on the balancer\'s side with the PROXY protocol, whose visitor address it believes from the balancer alone', () => {
    expect(renderNginxConfig(site())).not.toMatch(/proxy_protocol|set_real_ip_from/);
    const config = renderNginxConfig(site({ balancer: { listen: ['198.18.10.11'], from: ['198.18.10.1'] } }));
    const servers = config.split('\nserver {').slice(1);
    expect(servers.length).toBe(1 + REMOTE_NAMES.length + 1 + 1 + 1 + REMOTE_NAMES.length + 1);
    for (const server of servers) {
      const listens = server.match(/^ {2}listen [^\n]+$/gm) ?? [];
      // The form's own address as before, without the header (the render servers reach nginx there); the balancer's with it.
      expect(listens.filter((line) => line.startsWith('  listen 127.0.0.1:'))).toHaveLength(1);
      expect(listens.filter((line) => line.includes('127.0.0.1:') && line.includes('proxy_protocol'))).toEqual([]);
      expect(listens.filter((line) => /^ {2}listen 198\.18\.10\.11:\d+ [^;]*proxy_protocol( default_server)?;$/.test(line))).toHaveLength(1);
    }
    expect(config).toContain('  set_real_ip_from 198.18.10.1;\n  real_ip_header proxy_protocol;');
    expect(config.match(/set_real_ip_from/g)).toHaveLength(1);
    // The visitor's address, once nginx believes the header, is what the limits and the API see.
    expect(config.indexOf('real_ip_header proxy_protocol;')).toBeLessThan(config.indexOf('map $remote_addr $client_key {'));
  });
});

describe('nginx\'s page cache in front of the render servers (issue 42)', () => {
  it('names each shared memory zone once (nginx refuses to start on a name declared twice)', () => {
    const zones = [...renderNginxConfig(site()).matchAll(/\b(?:keys_)?zone=([\w-]+):/g)].map(([, name]) => name);
    expect(zones.length).toBeGreaterThan(1);
    expect(new Set(zones).size).toBe(zones.length);
  });

  /** Every location that asks the render servers, as written in the config. */
  const renderLocations = (config: string) => config.split(/\n {2}location /).filter((block) => block.includes('proxy_pass http://render_gate;'));
  /** The targets nginx keeps: the regex of the `$page_cache_skip` map, as nginx reads it. */
  const keptTarget = (config: string) => new RegExp(/map \$request_uri \$page_cache_skip \{\n\s+default 1;\n\s+"~(.+)" 0;/.exec(config)?.[1] ?? '^$');

  it('keeps the pages that are the same for every visitor, and no other target', () => {
    const kept = keptTarget(renderNginxConfig(site({ writtenPages: false })));
    for (const target of ['/', '/about', '/about/1', '/about/3', '/about/6', '/wuyou/1', '/wuyou/1234567890']) expect([target, kept.test(target)]).toEqual([target, true]);
    const others = ['/search/%E8%AF%BE%E7%A8%8B', '/?utm=1', '/about/3?x=1', '/about/3/', '/about/%33', '/index.html', '/about/7', '/wuyou/0', '/wuyou/1/cover.png', '/healthz', '/nothing'];
    for (const target of others) expect([target, kept.test(target)]).toEqual([target, false]);
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

/**
 * Whoever may edit the runtime config (ops, or the guard's user) must not write nginx's config with it (issue 51): a
 * host name the URL parser keeps (`x;deny`, one with a `"`) goes into `server_name` and the site's quoted headers.
 */
describe('nginx and the host names of the served config', () => {
  const withEntry = (entry: string) => {
    const config = structuredClone(EXAMPLE) as { remotes: Record<string, unknown> };
    config.remotes.about = [entry];
    return site({ addresses: siteAddressesOf(parseRuntimeConfig(config, { httpsOnly: true }).config) });
  };

  it('refuses a config whose entry\'s host would add a directive or end a quoted string, naming it', () => {
    for (const [entry, host] of [
      ['https://x;deny/m.json', 'https://x;deny'],
      ['https://a"b.example.cn/mf-manifest.json', 'https://a\\"b.example.cn'],
      ['https://a{b}.example.cn/mf-manifest.json', 'https://a{b}.example.cn'],
      ['https://a$b.example.cn/mf-manifest.json', 'https://a$b.example.cn'],
    ] as const) {
      expect(() => renderNginxConfig(withEntry(entry))).toThrow(`运行时配置里的地址 "${host}" 不是合法的主机名`);
    }
  });

  it('takes RFC 1123 names and IP literals, on any port', () => {
    for (const entry of ['https://about.example.cn:8443/mf-manifest.json', 'https://xn--fiqs8s.example/mf-manifest.json', 'https://198.18.0.7/mf-manifest.json', 'https://[2001:db8::7]:8002/mf-manifest.json']) {
      expect(renderNginxConfig(withEntry(entry))).toContain(`server_name ${servedHosts('www.example.cn', [...withEntry(entry).addresses.parts, ...withEntry(entry).addresses.api]).join(' ')};`);
    }
    expect(['a-b.c', 'a'.repeat(63), '0.example'].every(isHostName)).toBe(true);
    expect(['-a.example', 'a-.example', 'a..example', 'example.', 'a_b.example', 'a'.repeat(64), '[::1', 'x;deny', '1.2.3.4:80'].some(isHostName)).toBe(false);
  });

  it('keeps nginx on the last good config when an edit names a bad host, and says why in Chinese', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(configAfterEdit(() => withEntry('https://x;deny/m.json'), '/srv/runtime-config.json')).toBeUndefined();
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/\/srv\/runtime-config\.json 的修改未生效，nginx 继续使用上一份配置：运行时配置里的地址 "https:\/\/x;deny" 不是合法的主机名/));
    errors.mockRestore();
    expect(configAfterEdit(() => withEntry('https://about.example.cn/mf-manifest.json'), '/srv/runtime-config.json')?.config).toContain('server_name www.example.cn');
  });
});
