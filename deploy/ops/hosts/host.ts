/**
 * One host of the several-hosts form, run inside its network namespace by hosts.ts (`ip netns exec`): the production
 * form of deploy/ops/nginx (nginx, two render servers, the reference API, the guard), started as the tests start it,
 * which inside the namespace reaches its own loopback as a machine does. Prints one line, `READY <json>`, once the form
 * answers; stops it on SIGTERM or SIGINT. Its HostSpec comes in a file only root reads, removed once read: it holds
 * the admin token, which the command line would show to every user (`ps`) and the environment would hand to every
 * child.
 *
 *   ip netns exec wrh-1 node --import tsx deploy/ops/hosts/host.ts SPEC.json
 */
import fs from 'node:fs';
import path from 'node:path';
import { startNginxSite } from '../nginx/site';
import { API_ROLE, COORDINATION_ROLE } from './databaseRoles';
import { READY_PREFIX, type HostReady, type HostSpec } from './hostSpec';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

async function main(): Promise<void> {
  const specFile = process.argv[2] ?? '';
  const spec = JSON.parse(fs.readFileSync(specFile, 'utf8')) as HostSpec;
  fs.rmSync(specFile);
  const { site, stop } = await startNginxSite({
    root: ROOT,
    ports: spec.ports,
    siteDir: spec.siteDir,
    tls: spec.tls,
    balancer: spec.balancer,
    // Addresses and password files' paths only: the passwords are in the files, which the API's user alone reads.
    env: {
      DATABASE_URL: spec.database[API_ROLE].url,
      DATABASE_PASSWORD_FILE: spec.database[API_ROLE].passwordFile,
      COORDINATION_DATABASE_URL: spec.database[COORDINATION_ROLE].url,
      COORDINATION_DATABASE_PASSWORD_FILE: spec.database[COORDINATION_ROLE].passwordFile,
    },
    adminToken: spec.adminToken,
    unlimitedClients: spec.unlimitedClients,
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop().then(() => process.exit(0));
    });
  }
  const ready: HostReady = { runtimeConfigFile: site.runtimeConfigFile, logFile: site.logFile, apiPasswordFile: spec.database[API_ROLE].passwordFile };
  console.log(`${READY_PREFIX}${JSON.stringify(ready)}`);
}

main().catch((error: unknown) => {
  console.error(`[主机] 启动失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
