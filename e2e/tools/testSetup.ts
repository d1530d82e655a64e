/**
 * The first step of `npm test`: what the browser tests need from the machine (Debian's packages). As root it
 * installs what is missing (`apt-get`); otherwise it stops at once with the one command that does. Nothing is
 * downloaded from anywhere but Debian's own mirrors: no browser of Playwright's.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { BROTLI_STATIC_MODULE, NJS_MODULE } from '@wenrun/deploy/ops/nginx/config';
import { postgresInstalled } from '@wenrun/deploy/ops/postgres/cluster';
import { CHROMIUM_PATH, CHROMIUM_TEST_PATH } from './chromium';
import { FIREFOX_PATH } from './firefox';
import { MINIBROWSER_PATH, WEBKIT_DRIVER_PATH, XVFB_PATH } from './webkit';

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function packageInstalled(name: string): boolean {
  return /Status: install ok installed/.test(spawnSync('dpkg', ['-s', name], { encoding: 'utf8' }).stdout ?? '');
}

/** What the tests use, how to tell it is there, and the package that brings it. */
const NEEDS = [
  { what: 'Chromium 的 headless shell（浏览器测试）', present: () => fs.existsSync(CHROMIUM_TEST_PATH), install: 'chromium-headless-shell' },
  { what: 'Chromium（Lighthouse 与基准测试）', present: () => fs.existsSync(CHROMIUM_PATH), install: 'chromium' },
  { what: 'Firefox ESR（第二个浏览器引擎）', present: () => fs.existsSync(FIREFOX_PATH), install: 'firefox-esr' },
  {
    what: 'WebKitGTK 的 WebDriver 与 MiniBrowser（第三个浏览器引擎）',
    present: () => fs.existsSync(WEBKIT_DRIVER_PATH) && fs.existsSync(MINIBROWSER_PATH),
    install: 'webkit2gtk-driver',
  },
  { what: 'Xvfb（MiniBrowser 的虚拟显示器）', present: () => fs.existsSync(XVFB_PATH), install: 'xvfb' },
  { what: '中文字体（页面截图、分享图片）', present: () => packageInstalled('fonts-wqy-microhei'), install: 'fonts-wqy-microhei' },
  { what: 'nginx（生产形态的测试）', present: () => fs.existsSync('/usr/sbin/nginx'), install: 'nginx' },
  { what: 'nginx 的 brotli 模块', present: () => fs.existsSync(BROTLI_STATIC_MODULE), install: 'libnginx-mod-http-brotli-static' },
  { what: 'nginx 的 njs 模块（签名的访客标识）', present: () => fs.existsSync(NJS_MODULE), install: 'libnginx-mod-http-js' },
  { what: 'PostgreSQL（数据层测试、多主机形态）', present: () => postgresInstalled(), install: 'postgresql' },
  { what: 'HAProxy（多主机形态的负载均衡器）', present: () => fs.existsSync('/usr/sbin/haproxy'), install: 'haproxy' },
  { what: 'keepalived（两台负载均衡器共用的网站地址，VRRP）', present: () => fs.existsSync('/usr/sbin/keepalived'), install: 'keepalived' },
  { what: 'Patroni（PostgreSQL 的故障切换）', present: () => fs.existsSync('/usr/bin/patroni'), install: 'patroni' },
  { what: 'etcd（Patroni 的主库租约）', present: () => fs.existsSync('/usr/bin/etcd'), install: 'etcd-server' },
  { what: 'openssl（测试用的 TLS 证书）', present: () => commandExists('openssl'), install: 'openssl' },
  { what: 'ss（找出端口上的进程）', present: () => commandExists('ss'), install: 'iproute2' },
  { what: 'Java（Nu HTML 检查器 vnu-jar）', present: () => commandExists('java'), install: 'default-jre-headless' },
  { what: 'testssl（检查生产形态的 TLS 套件）', present: () => commandExists('testssl'), install: 'testssl.sh' },
];

const missing = NEEDS.filter((need) => !need.present());
if (missing.length) {
  const packages = missing.map((need) => need.install);
  const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  console.log(`[test] 缺少：${missing.map((need) => need.what).join('、')}`);
  if (process.getuid?.() !== 0) {
    console.error(`[test] 请先运行（需要 root）：sudo sh -c '${command}'`);
    process.exit(1);
  }
  console.log(`[test] 正在安装：${packages.join(' ')}`);
  const installed = spawnSync('sh', ['-c', command], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (installed.status !== 0) {
    console.error('[test] 安装失败');
    process.exit(installed.status ?? 1);
  }
}
