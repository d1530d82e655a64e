import { Counter, type Registry } from 'prom-client';
import type { RemoteName, RenderPageOutcome } from '@wenrun/shared/node';
import type { RefusedFile } from '../render/shellServer';
import type { RenderOutcome } from '../render/siteRenderer';
import type { RemoteVersion } from './siteWatch';

/** What became of a page asked of the render server, as ops count it (the console names each). */
export type PageOutcome = RenderPageOutcome;

/** A render or data call over its deadline says so in its reason (`渲染超过 5000 ms`, the client's `系统接口请求超时…`). */
const TIMED_OUT = /超时|超过 \d+ ms|timeout/i;

export function pageOutcome(outcome: RenderOutcome): PageOutcome {
  if (outcome.kind === 'redirect') return 'redirect';
  if (outcome.kind === 'unavailable') return TIMED_OUT.test(outcome.reason) ? 'timed_out' : 'unavailable';
  return outcome.failedSlots.length ? 'slot_fallback' : 'rendered';
}

export interface RenderMetrics {
  rendered(route: string, outcome: RenderOutcome, versions: Record<RemoteName, RemoteVersion>): void;
  pageCache(result: 'hit' | 'miss'): void;
  refused(file: RefusedFile, versions: Record<RemoteName, RemoteVersion>): void;
}

/**
 * The render server's own metrics beside its requests' (`/metrics`): how each page came out, which remote build's
 * slot fell back (a version failing on the server shows before any visitor writes in), which remote files were
 * refused for their digest (by remote, version and file), and the activity page cache.
 */
export function renderMetrics(registry: Registry): RenderMetrics {
  const pages = new Counter({
    name: 'render_pages_total',
    help: '服务器渲染的页面，按路由和结果（rendered 渲染完整、slot_fallback 有插槽用了后备、timed_out 超时、unavailable 无法渲染、redirect 重定向）',
    labelNames: ['route', 'outcome'],
    registers: [registry],
  });
  const slotFallbacks = new Counter({
    name: 'render_slot_fallbacks_total',
    help: '在服务器上加载或渲染失败、以后备内容出现的 remote 插槽，按 remote 和版本',
    labelNames: ['remote', 'version'],
    registers: [registry],
  });
  const refusedFiles = new Counter({
    name: 'render_refused_files_total',
    help: '内容与发布时记录的摘要不符（changed）或没有记录摘要（unpinned）、因而没有运行的 remote 文件，按 remote、版本和文件',
    labelNames: ['remote', 'version', 'file', 'reason'],
    registers: [registry],
  });
  const cache = new Counter({
    name: 'render_page_cache_total',
    help: '活动页缓存的命中与未命中',
    labelNames: ['result'],
    registers: [registry],
  });
  return {
    rendered(route, outcome, versions) {
      pages.inc({ route, outcome: pageOutcome(outcome) });
      if (outcome.kind !== 'page') return;
      for (const slot of outcome.failedSlots) {
        const remote = slot.split('/')[0] as RemoteName;
        slotFallbacks.inc({ remote, version: versions[remote]?.version ?? 'unknown' });
      }
    },
    pageCache(result) {
      cache.inc({ result });
    },
    refused({ remote, file, reason }, versions) {
      refusedFiles.inc({ remote, version: versions[remote as RemoteName]?.version ?? 'unknown', file, reason });
    },
  };
}
