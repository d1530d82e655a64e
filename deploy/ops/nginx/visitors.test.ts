import { REMOTE_NAMES } from '@wenrun/shared/node';
import { renderNginxConfig } from './config';
import { site } from './nginxSite.fixture';
import { PER_REQUEST_PREFIXES } from '../../serve/perRequest';
import { CLIENT_KEY_PATTERNS, PAGE_BUDGETS, pageGateSocket, servedHosts, TOO_MANY_PAGE } from './visitors';

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
