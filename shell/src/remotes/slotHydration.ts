import { routeOf, track } from '@wenrun/shared';
import { countHydrationMismatch } from './hydrationCounts';

/**
 * What a page knows about its slots' server markup: which slots the server rendered as failed (the page carries the
 * list), which it rendered and the browser is to hydrate, and what became of those.
 *
 * React's `onRecoverableError` says why it gave up on some server markup, not where. The slots say where, each from
 * its own boundary: a slot whose content is rendered afresh instead of hydrated says so from a layout effect, a slot
 * that fails says so from its error boundary's `componentDidCatch`. Both run in the commit's layout phase, and React
 * reports the commit's recoverable errors after it (React 18.3's `commitRootImpl`), in the same task; so at the end of
 * that task (a microtask) the commit's reasons are joined to the slots that lost their markup in it. Errors that no
 * slot claims were outside the slots: said for the page.
 */
export interface SlotHydration {
  /**
   * The server rendered `slot` as failed and no slot of that name has been mounted since: the page's hydration
   * starts it from the same fallback (then retries).
   */
  failedOnServer(slot: string): boolean;
  /** A slot's first commit: what the server said of it is spent. */
  slotMounted(slot: string): void;
  /** A slot's content committed for the first time; `renderedInBrowser`: not hydrated from the server's markup. */
  slotShown(slot: string, renderedInBrowser: boolean): void;
  /** A slot's boundary caught its remote's failure. */
  slotFailed(slot: string): void;
  /** Passed to `hydrateRoot`. */
  onRecoverableError(error: unknown): void;
}

export interface SlotHydrationOptions {
  failedOnServer?: Iterable<string>;
  /** The slots whose server markup the browser is about to hydrate. */
  awaiting?: Iterable<string>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function watchSlotHydration({ failedOnServer = [], awaiting = [] }: SlotHydrationOptions = {}): SlotHydration {
  const failedSlots = new Set(failedOnServer);
  const waiting = new Set(awaiting);
  // What the commit under way gave up on, reported at its end.
  const renderedAfresh: string[] = [];
  const failed: string[] = [];
  const reasons: string[] = [];
  let reportQueued = false;

  const report = () => {
    reportQueued = false;
    const why = reasons.splice(0).join('；');
    const lostToFailure = failed.splice(0);
    const afresh = renderedAfresh.splice(0);
    if (lostToFailure.length) console.warn(`[hydration] ${lostToFailure.join('、')} 加载失败，此区域改由浏览器显示${why ? `：${why}` : ''}`);
    for (const slot of afresh) versionSkew(slot, why || '与服务器渲染的内容不一致');
    if (why && !lostToFailure.length && !afresh.length) console.warn(`[hydration] 页面：${why}`);
  };
  const atEndOfCommit = () => {
    if (reportQueued) return;
    reportQueued = true;
    void Promise.resolve().then(report);
  };

  return {
    failedOnServer: (slot) => failedSlots.has(slot),
    slotMounted: (slot) => void failedSlots.delete(slot),
    slotShown(slot, renderedInBrowser) {
      if (!waiting.delete(slot) || !renderedInBrowser) return;
      renderedAfresh.push(slot);
      atEndOfCommit();
    },
    slotFailed(slot) {
      if (!waiting.delete(slot)) return;
      failed.push(slot);
      atEndOfCommit();
    },
    onRecoverableError(error) {
      reasons.push(messageOf(error));
      atEndOfCommit();
    },
  };
}

/**
 * A slot's server markup was thrown away, most often because another version of its remote is deployed than the
 * server rendered: said once on the console and counted in the statistics, so ops see version skew.
 */
function versionSkew(slot: string, reason: string): void {
  const [remote = slot] = slot.split('/');
  console.warn(`[hydration] ${remote}（${slot}）与服务器渲染的版本不同，已在浏览器中重新渲染此区域：${reason}`);
  // The route's pattern, not the path: a search path holds what the visitor typed.
  track({ type: 'hydration-mismatch', path: routeOf(window.location.pathname).route.path, detail: { remote, slot } });
  countHydrationMismatch(remote);
}
