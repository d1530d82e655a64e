import { getRuntimeConfig, loadRuntimeConfig, RENDER_PORT } from '@wenrun/shared';
import { element, section, table, type Cell } from './dom';
import { fieldSection } from './fieldSection';
import { historySection } from './historySection';
import { inspectEntry, sharedReport, type EntryReport } from './inspect';
import { readHydrationMismatches } from '../remotes/hydrationCounts';
import './status.css';

/**
 * `status.html`: what ops need to see of a running site, plainly: each remote's entries with version, load time
 * and errors, the shared singletons and who provided them, the API's health, field data. It shows nothing secret.
 */
function remoteRows(reports: EntryReport[]): Cell[][] {
  return reports.map((report) => [
    report.remote,
    report.role,
    report.entry,
    report.build ? `${report.build.version}（${report.build.gitHash}）` : undefined,
    report.build?.builtAt,
    report.manifestMs === undefined ? undefined : `${report.manifestMs} ms`,
    report.loadMs === undefined ? undefined : `${report.loadMs} ms`,
    report.exposes?.join(' '),
    report.errors.join('；') || '正常',
  ]);
}

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

async function render() {
  document.title = '站点状态';
  const root = document.getElementById('root');
  if (!root) return;
  root.replaceChildren(element('h1', '站点状态'), element('p', '正在检查各个部分…', 'status-note'));

  const config = await loadRuntimeConfig('/runtime-config.json');
  const reports: EntryReport[] = [];
  for (const [remote, entries] of Object.entries(config.remotes)) {
    const canary = config.canaries[remote as keyof typeof config.canaries];
    if (canary) reports.push(await inspectEntry(remote, canary.entry, `灰度 ${canary.percent}%`));
    for (const [index, entry] of entries.entries()) reports.push(await inspectEntry(remote, entry, index === 0 ? '主地址' : '备用'));
  }
  const [health, field, history] = await Promise.all([apiHealth(), fieldSection(config), historySection()]);
  const shell = __BUILD_INFO__;

  root.replaceChildren(
    element('h1', '站点状态'),
    element('p', `检查时间：${new Date().toLocaleString('zh-CN')}。本页只读，不含任何保密信息。`, 'status-note'),
    section(
      'Remote',
      table(
        ['名称', '类型', '清单地址', '版本', '构建时间', '清单耗时', '加载耗时', '暴露模块', '状态'],
        remoteRows(reports),
        (index) => (reports[index]?.errors.length ? 'is-failed' : undefined),
      ),
    ),
    section(
      '共享单例',
      table(
        ['包', '版本', '提供方', '使用方'],
        sharedReport().map((row) => [row.name, row.version, row.from, row.usedBy.join(' ')]),
      ),
    ),
    section('Shell', table(['包', '版本', 'Git', '构建时间'], [[shell.name, shell.version, shell.gitHash, shell.builtAt]])),
    section('API', element('p', health)),
    renderServerSection(),
    hydrationSection(),
    field,
    history,
  );
}

void render();
