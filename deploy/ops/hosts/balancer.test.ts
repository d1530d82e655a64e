import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from '../nginx/certificate';
import { HAPROXY, renderHaproxyConfig, type BalancerConfig } from './balancer';
import { balancersOf, frontOf, hostsOf, LAYOUT, MAX_HOSTS } from './network';

const PORTS = [
  { name: 'shell', port: 8000 },
  { name: 'header', port: 8001 },
  { name: 'api', port: 8100 },
];

function config(caFile: string): BalancerConfig {
  return {
    listen: [{ address: '127.0.0.1' }],
    ports: PORTS,
    hosts: [
      { name: 'host-1', address: '198.18.10.11' },
      { name: 'host-2', address: '198.18.10.12' },
    ],
    siteHost: 'localhost',
    caFile,
    socket: '/tmp/haproxy-test.sock',
  };
}

/** The lines of one `backend` section. */
function backend(text: string, name: string): string {
  return text.split(`\nbackend ${name}\n`)[1]?.split(/\n(?=frontend |backend )/)[0] ?? '';
}

describe('the load balancer in front of the hosts (HAProxy)', () => {
  it('passes each port through to the same port of every host, with the visitor in a PROXY header, a host in or out as a whole', () => {
    const text = renderHaproxyConfig(config('/etc/ssl/site.crt'));
    expect(text).toContain('mode tcp');
    for (const { name, port } of PORTS) {
      expect(text).toContain(`frontend ${name}\n  bind 127.0.0.1:${port}\n  default_backend ${name}`);
      const servers = backend(text, name).match(/^ {2}server .+$/gm) ?? [];
      expect(servers.map((line) => line.split(' ').slice(3, 5))).toEqual([
        ['host-1', `198.18.10.11:${port}`],
        ['host-2', `198.18.10.12:${port}`],
      ]);
      // Without the header every visitor would be the balancer to nginx: one budget for all of them.
      for (const line of servers) expect(line).toContain(' send-proxy-v2 ');
      expect(backend(text, name)).toContain('on-marked-down shutdown-sessions');
    }
    // One health check per host, over TLS with the site's certificate alone and the PROXY header nginx expects there;
    // every other port follows it.
    const checked = backend(text, 'shell');
    expect(checked).toContain('http-check send meth GET uri /runtime-config.json ver HTTP/1.1 hdr Host localhost');
    for (const line of checked.match(/^ {2}server .+$/gm) ?? []) {
      expect(line).toMatch(/ check check-ssl check-sni localhost ca-file \/etc\/ssl\/site\.crt verify required check-send-proxy /);
      // Visitors' failed connections take a dead host out too, before its checks do.
      expect(line).toMatch(/ observe layer4 error-limit \d+ on-error mark-down$/);
    }
    // Not leastconn: a dead host has the fewest connections, and every retried connection would go to it.
    expect(text).not.toMatch(/^ *balance leastconn/m);
    expect(text).toMatch(/^ {2}balance roundrobin$/m);
    for (const name of ['header', 'api']) {
      expect(backend(text, name)).not.toContain(' check');
      expect(backend(text, name).match(/track shell\/host-\d/g)).toEqual(['track shell/host-1', 'track shell/host-2']);
    }
    expect(text).toMatch(/retries \d+\n {2}option redispatch 1/);
  });

  it('binds the visitors\' ports on each address it is told, in the namespace named beside it, and connects to the hosts from its own', () => {
    expect(renderHaproxyConfig(config('/etc/ssl/site.crt'))).not.toContain(' namespace ');
    const listen = [{ address: '198.18.10.4' }, { address: '127.0.0.1', namespace: 'wrh-front' }];
    const text = renderHaproxyConfig({ ...config('/etc/ssl/site.crt'), listen, namespace: 'wrh-lb1' });
    const binds = text.match(/^ {2}bind .+$/gm) ?? [];
    expect(binds).toEqual(PORTS.flatMap(({ port }) => [`  bind 198.18.10.4:${port}`, `  bind 127.0.0.1:${port} namespace wrh-front`]));
    for (const line of text.match(/^ {2}server .+$/gm) ?? []) expect(line).not.toContain('namespace');
  });

  it('answers keepalived\'s check on its own loopback alone, when told a port', () => {
    expect(renderHaproxyConfig(config('/etc/ssl/site.crt'))).not.toContain('frontend alive');
    const text = renderHaproxyConfig({ ...config('/etc/ssl/site.crt'), alivePort: 9000 });
    expect(text).toContain('frontend alive\n  mode http\n  bind 127.0.0.1:9000\n  monitor-uri /alive\n');
  });

  it('is a config HAProxy accepts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-config-'));
    try {
      const { certificate } = selfSignedCertificate(dir, 'localhost');
      const file = path.join(dir, 'haproxy.cfg');
      fs.writeFileSync(file, renderHaproxyConfig({ ...config(certificate), socket: path.join(dir, 'haproxy.sock'), alivePort: 9000 }));
      const checked = spawnSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8' });
      expect([checked.status, checked.stderr]).toEqual([0, expect.any(String)]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names and numbers hosts within the layout alone', () => {
    const hosts = hostsOf(LAYOUT, MAX_HOSTS);
    expect(hosts.map((host) => host.address)).toEqual(Array.from({ length: MAX_HOSTS }, (_, i) => `198.18.10.${11 + i}`));
    for (const host of hosts) {
      expect(host.netns.startsWith(`${LAYOUT.prefix}-`)).toBe(true);
      expect(host.link.startsWith(`${LAYOUT.prefix}-`)).toBe(true);
      // Linux's limit on a link's name.
      expect(host.link.length).toBeLessThanOrEqual(15);
    }
    // The balancers' sides: in the layout too, each on an address of its own that is neither the bridge's (every
    // process of the root namespace sends from that) nor a host's, nor the site's shared one (which moves).
    const balancers = balancersOf(LAYOUT);
    expect(balancers.map((side) => [side.netns, side.link, side.address])).toEqual([
      ['wrh-lb1', 'wrh-lb1v', '198.18.10.2'],
      ['wrh-lb2', 'wrh-lb2v', '198.18.10.3'],
    ]);
    expect(frontOf(LAYOUT)).toEqual({ front: 'wrh-front', siteAddress: '198.18.10.4' });
    const others = [`${LAYOUT.subnet}.1`, frontOf(LAYOUT).siteAddress, ...hosts.map((host) => host.address)];
    for (const side of balancers) expect(others).not.toContain(side.address);
  });
});
