import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A certificate for `host` (and this machine's loopback address), made now for CI and local runs, written into
 * `folder` as site.crt and site.key (production passes its own). Only root (nginx's master) reads the key: the Node
 * processes' users cannot. One form makes its own (start.ts); several hosts share one (deploy/ops/hosts), as the
 * machines behind one name do.
 */
export function selfSignedCertificate(folder: string, host: string): { certificate: string; key: string } {
  const certificate = path.join(folder, 'site.crt');
  const key = path.join(folder, 'site.key');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host},IP:127.0.0.1`, '-keyout', key, '-out', certificate],
    { stdio: 'ignore' },
  );
  if (made.status !== 0) throw new Error('openssl 无法生成自签名证书');
  fs.chmodSync(key, 0o600);
  return { certificate, key };
}
