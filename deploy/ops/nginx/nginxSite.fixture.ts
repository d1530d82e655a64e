import fs from 'node:fs';
import path from 'node:path';
import { parseRuntimeConfig, REMOTE_NAMES } from '@wenrun/shared/node';
import { siteAddressesOf } from '../../serve/headers';
import type { NginxSite } from './nginxSite';

/** The production example of the runtime config: the served config of every site below unless a test says otherwise. */
export const EXAMPLE = JSON.parse(fs.readFileSync(path.join(__dirname, '../../runtime-config.production.example.json'), 'utf8')) as Record<string, unknown>;

/** A TLS site on www.example.cn, the config tests' common ground; `overrides` for what a test varies. */
export function site(overrides: Partial<NginxSite> = {}): NginxSite {
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
