import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { activityImagePath, parseRuntimeConfig, REMOTE_NAMES, SITE_ROUTES } from '@wenrun/shared/node';
import { buildServer, productionRoutes, type ApiRoute } from '@wenrun/reference-api';
import { siteAddressesOf } from '../../serve/headers';
import { apiLocation } from './apiServer';
import { configAfterEdit, renderNginxConfig } from './config';
import { EXAMPLE, site } from './nginxSite.fixture';
import { TLS_CIPHERS } from './tls';
import { isHostName } from './hostNames';
import { configOnOrigins, type ServedOrigins } from '../../serve/servedConfig';
import { servedHosts } from './visitors';


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
