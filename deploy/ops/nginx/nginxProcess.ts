/**
 * nginx in the foreground with a temporary prefix, beside the Node processes the supervisor keeps: reloaded on an edit
 * of the served config, stopped together with them, the prefix removed when it exits.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Supervisor, type ChildSpec } from '../../serve/supervisor';
import { pickEnv } from '../../serve/childEnv';
import { configAfterEdit } from './config';
import { ROOT } from './formArguments';
import type { NginxSite } from './nginxSite';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** nginx's config and pid, temp folders and secrets in `prefix`, which is removed when the form stops. */
export interface NginxPrefix {
  prefix: string;
  configFile: string;
}

export function nginxPrefix(prefix: string): NginxPrefix {
  return { prefix, configFile: path.join(prefix, 'nginx.conf') };
}

// -e: Debian's build opens /var/log/nginx/error.log before reading the config, which a normal user cannot.
const nginxArgs = ({ prefix, configFile }: NginxPrefix) => ['-p', prefix, '-c', configFile, '-e', 'stderr'];

const removePrefix = ({ prefix }: NginxPrefix) => fs.rmSync(prefix, { recursive: true, force: true });

/** `--check`: `nginx -t` on the config written, which is printed; exits with nginx's status. */
export function checkNginxConfig(files: NginxPrefix): never {
  const result = spawnSync(NGINX, [...nginxArgs(files), '-t'], { stdio: 'inherit' });
  console.log(fs.readFileSync(files.configFile, 'utf8'));
  removePrefix(files);
  process.exit(result.status ?? 1);
}

/**
 * The served config is the ops surface: an edit gives every page the CSP of the new config (nginx reloads
 * gracefully), and decides anew whether the written pages still fit it.
 */
function reloadOnEdit(nginx: ChildProcess, { configFile }: NginxPrefix, runtimeConfigFile: string, describeSite: () => NginxSite): void {
  fs.watchFile(runtimeConfigFile, { interval: 250 }, () => {
    const next = configAfterEdit(describeSite, runtimeConfigFile);
    if (!next) return;
    fs.writeFileSync(configFile, next.config);
    nginx.kill('SIGHUP');
    console.log(`[nginx] ${runtimeConfigFile} 已更改，已按新配置重新加载（页面来自${next.site.writtenPages ? '构建时写好的文件' : '渲染服务器，经 nginx 页面缓存'}）`);
  });
}

/**
 * The children stop when nginx exits (or cannot start), then the prefix goes and the form exits, with 1 when a child
 * could not start; a signal stops both.
 */
function stopTogether(nginx: ChildProcess, supervisor: Supervisor, { files, runtimeConfigFile }: NginxRun, childrenFailed: () => boolean): void {
  const stopChildren = () => {
    fs.unwatchFile(runtimeConfigFile);
    return supervisor.stop();
  };
  const exitWith = (code: () => number) =>
    void stopChildren().then(() => {
      removePrefix(files);
      process.exit(code());
    });
  nginx.on('error', (error) => {
    console.error(`[nginx] 无法启动 ${NGINX}（Debian：apt-get install nginx libnginx-mod-http-brotli-static libnginx-mod-http-js）：`, error.message);
    exitWith(() => 1);
  });
  nginx.on('exit', (code, signal) => exitWith(() => (childrenFailed() ? 1 : (code ?? (signal ? 0 : 1)))));
  // nginx's fast shutdown is SIGTERM; its graceful one (SIGQUIT) waits for open connections, which tests keep.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void stopChildren();
      nginx.kill('SIGTERM');
    });
  }
}

/** What runs: nginx on the config written in `files`, the supervisor's children, the served config it follows. */
export interface NginxRun {
  files: NginxPrefix;
  children: ChildSpec[];
  runtimeConfigFile: string;
  describeSite: () => NginxSite;
}

/** Starts nginx and the supervisor on the children, and keeps them as one. A child that cannot start stops nginx. */
export function runNginx(run: NginxRun): void {
  const supervisor = new Supervisor({ cwd: ROOT, log: (line) => console.log(line.replace('[start]', '[nginx]')) });
  // nginx reads no variable of ours: the start script's secrets (ADMIN_TOKEN, DATABASE_URL, PGPASSWORD) stay here.
  const nginx = spawn(NGINX, nginxArgs(run.files), { stdio: 'inherit', env: pickEnv(process.env, ['PATH', 'TZ']) });
  let childrenFailed = false;
  supervisor.start(run.children).catch((error: unknown) => {
    console.error(`[nginx] ${error instanceof Error ? error.message : String(error)}`);
    childrenFailed = true;
    nginx.kill('SIGTERM');
  });
  reloadOnEdit(nginx, run.files, run.runtimeConfigFile, run.describeSite);
  stopTogether(nginx, supervisor, run, () => childrenFailed);
}
