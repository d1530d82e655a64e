import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KEEPALIVED, renderKeepalivedConfig, vrrpPassword, type VrrpConfig } from './vrrp';

function config(password = vrrpPassword()): VrrpConfig {
  return { name: 'wrh-lb1', self: '198.18.10.2', peers: ['198.18.10.3'], siteAddress: '198.18.10.4', priority: 101, password, alivePort: 9000 };
}

describe('the shared address between the two balancers (keepalived, VRRP)', () => {
  it('speaks to its peer alone, takes adverts from it alone, with the run\'s password', () => {
    const { password } = config();
    const text = renderKeepalivedConfig(config(password));
    expect(text).toContain('  unicast_src_ip 198.18.10.2\n  unicast_peer {\n    198.18.10.3\n  }\n  check_unicast_src\n');
    expect(text).toContain(`  authentication {\n    auth_type PASS\n    auth_pass ${password}\n  }`);
    expect(text).toContain('  virtual_ipaddress {\n    198.18.10.4/32 dev eth0\n  }');
    // A move cuts every connection open through the address: a balancer that comes back does not take it back.
    expect(text).toMatch(/^ {2}state BACKUP\n {2}nopreempt$/m);
    expect(text).toContain('  advert_int 1\n');
  });

  it('gives the address up when its HAProxy stops answering on its own loopback', () => {
    const text = renderKeepalivedConfig(config());
    expect(text).toContain(`script "/bin/bash -c '</dev/tcp/127.0.0.1/9000'"`);
    expect(text).toMatch(/track_script {\n {4}haproxy_alive\n {2}}/);
    // Without a weight: the check failing puts the instance in FAULT, which resigns (priority 0) at once.
    expect(text).not.toMatch(/weight/);
  });

  it('makes a password of its own for each run, and takes no other', () => {
    const made = Array.from({ length: 20 }, vrrpPassword);
    for (const password of made) expect(password).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(new Set(made).size).toBe(made.length);
    // A fixed or short one, or one that would end the block and write keepalived's config.
    for (const password of ['wenrun', 'abcdefghi', 'ab}\n}\nxy']) expect(() => renderKeepalivedConfig(config(password))).toThrow('VRRP 口令');
  });

  it('is a config keepalived accepts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keepalived-config-'));
    try {
      const file = path.join(dir, 'keepalived.conf');
      fs.writeFileSync(file, renderKeepalivedConfig(config()));
      const checked = spawnSync(KEEPALIVED, ['--config-test', '-f', file], { encoding: 'utf8' });
      expect([checked.status, checked.stderr]).toEqual([0, '']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
