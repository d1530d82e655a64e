import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseRuntimeConfig } from '@wenrun/shared/node';
import { headersFollowing } from './addresses';
import { contentSecurityPolicy } from '@wenrun/server-plugins';
import { siteAddressesOf } from './headers';

const EXAMPLE = JSON.parse(fs.readFileSync(path.join(__dirname, '../runtime-config.production.example.json'), 'utf8')) as Record<string, unknown>;

describe('the origins of a page, from the runtime config it is served with', () => {
  it('are every entry of every remote (primary, fallbacks, canary), the API and the statistics host', () => {
    const addresses = siteAddressesOf(parseRuntimeConfig({
      ...EXAMPLE,
      remotes: { ...(EXAMPLE.remotes as object), about: ['https://static.wenrun.example.cn/about/mf-manifest.json', 'https://cdn.backup.cn/about/mf-manifest.json'] },
    }).config);
    expect(addresses.parts.sort()).toEqual(['https://cdn.backup.cn', 'https://static.wenrun.example.cn']);
    expect(addresses.api.sort()).toEqual(['https://api.wenrun.example.cn', 'https://stats.wenrun.example.cn']);
    const canaryElsewhere = siteAddressesOf(parseRuntimeConfig({
      remotes: { wuyou: { entries: ['http://localhost:3004/mf-manifest.json'], canary: { entry: 'http://localhost:3098/mf-manifest.json', percent: 5 } } },
    }).config);
    expect(contentSecurityPolicy(canaryElsewhere)).toMatch(/script-src [^;]*http:\/\/localhost:3098/);
  });

  it('follow the file as it is now: an edit is in the next answer\'s CSP, and an unchanged file is not read again', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'served-config-'));
    try {
      const file = path.join(dir, 'runtime-config.json');
      fs.writeFileSync(file, JSON.stringify({ remotes: { header: 'http://localhost:3001/mf-manifest.json' } }));
      const headers = headersFollowing(file);
      const first = headers();
      expect(first.documents['Content-Security-Policy']).not.toContain('https://cdn.example.cn');
      expect(headers()).toBe(first);
      fs.writeFileSync(file, JSON.stringify({ remotes: { header: ['https://cdn.example.cn/header/mf-manifest.json', 'http://localhost:3001/mf-manifest.json'] } }));
      expect(headers().documents['Content-Security-Policy']).toMatch(/script-src [^;]*https:\/\/cdn\.example\.cn [^;]*http:\/\/localhost:3001/);
      // A file that is gone: the defaults, as the shell itself would use.
      fs.rmSync(file);
      expect(headers().documents['Content-Security-Policy']).toMatch(/script-src [^;]*http:\/\/localhost:3001/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
