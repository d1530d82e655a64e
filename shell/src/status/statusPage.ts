import { getRuntimeConfig, loadRuntimeConfig, RENDER_PORT } from '@wenrun/shared';
import { tokenForm } from './adminAccess';
import { buildTime, chinaTime, element, section, table } from './dom';
import { fieldSection } from './fieldSection';
import { historySection, readReleaseSteps, type ReleaseStep } from './historySection';
import { readGuardVerdicts, remotesSection } from './remotesSection';
import { serverSection } from './serverSection';
import { trendSection } from './trendSection';
import { inspectEntry, readShellShared, type EntryReport } from './inspect';
import { sharedSection } from './sharedSection';
import { readHydrationMismatches } from '../remotes/hydrationCounts';
import './status.css';

/**
 * `status.html`, the ops console: per remote its entries, versions, canary and the guard's verdict with its figures;
 * field data over time, canary beside stable, release steps on the time axis; the render servers' metrics; the
 * shared singletons, the API's health, field data tables, the release history. What the API keeps behind its admin
 * token is asked for with the token ops type in (adminAccess.ts); the rest is nothing secret.
 */
async function apiHealth(): Promise<string> {
  const url = `${getRuntimeConfig().apiBaseUrl}/healthz`;
  const started = performance.now();
  try {
    const response = await fetch(url, { cache: 'no-store' });
    const body = await response.text();
    return `${url} → HTTP ${response.status}，${Math.round(performance.now() - started)} ms：${body.slice(0, 200)}`;
  } catch (error) {
    return `${url} → 无法连接（${String(error)}）`;
  }
}

/** Slots this browser rendered afresh because the server's markup came from another version of their remote. */
function hydrationSection(): Node {
  const counts = Object.entries(readHydrationMismatches());
  const text = counts.length
    ? `本浏览器中，服务器渲染与浏览器版本不一致而重新渲染的区域：${counts.map(([remote, count]) => `${remote} ${count} 次`).join('，')}。`
    : '本浏览器中没有发生过服务器渲染与浏览器版本不一致的情况。';
  return section('水合', element('p', text));
}

/**
 * The render server answers its health (which build of each remote it renders with, which API it reads) only on its
 * own port, never through the site: ops ask it there.
 */
function renderServerSection(): Node {
  return section(
    '渲染服务器',
    element('p', `渲染服务器的状态只在它自己的端口上提供（本机上：curl http://127.0.0.1:${RENDER_PORT}/healthz），不经网站公开。`),
  );
}

/**
 * The figures behind the admin token, asked for again when ops give or clear the token; `refresh` once they are on
 * the page, so the charts are drawn as wide as the room they get.
 */
function adminSections(apiBaseUrl: string, steps: ReleaseStep[]): { nodes: Node[]; refresh: () => void } {
  const trendBody = element('div');
  const serverBody = element('div');
  const refresh = () => {
    const trend = trendSection(apiBaseUrl, steps);
    trendBody.replaceChildren(trend.node);
    void trend.show(1);
    serverBody.replaceChildren(element('p', '正在读取…', 'status-note'));
    void serverSection(apiBaseUrl).then((nodes) => serverBody.replaceChildren(...nodes));
  };
  const access = section(
    '管理令牌',
    element('p', '现场数据趋势和服务器指标由接口服务的管理接口提供。演示站点不需要令牌；生产环境请输入 ADMIN_TOKEN。'),
    tokenForm(refresh),
  );
  return { nodes: [access, section('现场数据趋势：灰度与稳定版', trendBody), section('服务器指标', serverBody)], refresh };
}

async function render() {
  document.title = '运维控制台';
  const root = document.getElementById('root');
  if (!root) return;
  const header = element('header', undefined, 'console-header');
  header.append(element('h1', '运维控制台'), element('p', '正在检查各个部分…', 'status-note'));
  const main = element('main', undefined, 'console-main');
  root.replaceChildren(header, main);

  const config = await loadRuntimeConfig('/runtime-config.json');
  const reports: EntryReport[] = [];
  for (const [remote, entries] of Object.entries(config.remotes)) {
    const canary = config.canaries[remote as keyof typeof config.canaries];
    if (canary) reports.push(await inspectEntry(remote, canary.entry, `灰度 ${canary.percent}%`));
    for (const [index, entry] of entries.entries()) reports.push(await inspectEntry(remote, entry, index === 0 ? '主地址' : '备用'));
  }
  const [health, field, steps, verdicts, shellShared] = await Promise.all([
    apiHealth(),
    fieldSection(config),
    readReleaseSteps(),
    readGuardVerdicts(),
    readShellShared().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
  ]);
  const shell = __BUILD_INFO__;

  header.replaceChildren(
    element('h1', '运维控制台'),
    element('p', `检查时间：${chinaTime(Date.now())}（北京时间）。令牌之外的内容都不保密。`, 'status-note'),
  );
  const admin = adminSections(config.apiBaseUrl, steps);
  main.replaceChildren(
    remotesSection(config, reports, verdicts, steps),
    ...admin.nodes,
    sharedSection(shellShared, reports),
    section('外壳应用', table(['包', '版本', 'Git 提交', '构建时间'], [[shell.name, shell.version, shell.gitHash, buildTime(shell.builtAt)]])),
    section('接口服务', element('p', health)),
    renderServerSection(),
    hydrationSection(),
    field,
    historySection(steps),
  );
  admin.refresh();
}

void render();
