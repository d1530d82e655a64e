import { createContext, useContext } from 'react';
import { routeOf, track } from '@wenrun/shared';

/**
 * The slots (`header/Header`) the server rendered as failed. The page carries the list, so the browser starts those
 * slots from the same fallback (and retries) instead of hydrating markup that does not match.
 */
const SlotsFailedOnServer = createContext<Set<string>>(new Set());
export const SlotsFailedOnServerProvider = SlotsFailedOnServer.Provider;

export function useSlotsFailedOnServer(): Set<string> {
  return useContext(SlotsFailedOnServer);
}

/** Slots whose server markup the browser is about to hydrate; each answers once, at its first render. */
const awaitingHydration = new Set<string>();
/** React's recoverable errors of this hydration, the reason a slot was rendered afresh. */
const recovered: string[] = [];
/** Slots whose remote failed to load while their server markup waited to be hydrated. */
const failedWhileHydrating: string[] = [];

export function expectHydration(slots: Iterable<string>): void {
  for (const slot of slots) awaitingHydration.add(slot);
}

/** Passed to `hydrateRoot`: React says why it gave up on some server markup; the slot that it was says where. */
export function onRecoverableError(error: unknown): void {
  recovered.push(error instanceof Error ? error.message : String(error));
  // What no slot claims by then was a slot whose remote failed to load (React gave up on its markup because of
  // it), or else outside the slots: said once, for those slots or for the whole page.
  setTimeout(() => {
    const unclaimed = recovered.splice(0);
    if (!unclaimed.length) return;
    const failed = failedWhileHydrating.splice(0);
    const where = failed.length ? `${failed.join('、')} 加载失败，此区域改由浏览器显示` : '页面';
    console.warn(`[hydration] ${where}：${unclaimed.join('；')}`);
  }, 1000);
}

/** A slot's remote failed to load in the browser: if its server markup awaited hydration, that markup is gone. */
export function slotFailedInBrowser(slot: string): void {
  if (awaitingHydration.delete(slot)) failedWhileHydrating.push(slot);
}

/**
 * A slot's first render: `true` when the browser rendered it itself. For a slot whose server markup was expected,
 * that means the markup was thrown away (most often another version of the remote than the server rendered):
 * said once on the console and counted in the statistics, so ops see version skew.
 */
export function slotRenderedInBrowser(slot: string, renderedInBrowser: boolean): void {
  if (!awaitingHydration.delete(slot) || !renderedInBrowser) return;
  const reason = recovered.splice(0).join('；') || '与服务器渲染的内容不一致';
  const [remote = slot] = slot.split('/');
  console.warn(`[hydration] ${remote}（${slot}）与服务器渲染的版本不同，已在浏览器中重新渲染此区域：${reason}`);
  // The route's pattern, not the path: a search path holds what the visitor typed.
  track({ type: 'hydration-mismatch', path: routeOf(window.location.pathname).route.path, detail: { remote, slot } });
  countHydrationMismatch(remote);
}

/** Where this browser counts the slots it rendered afresh, by remote: the status page shows them. */
export const HYDRATION_COUNT_KEY = 'wenrun.hydrationMismatches';

function countHydrationMismatch(remote: string): void {
  try {
    const counts = readHydrationMismatches();
    counts[remote] = (counts[remote] ?? 0) + 1;
    localStorage.setItem(HYDRATION_COUNT_KEY, JSON.stringify(counts));
  } catch {
    // Storage off or full: the console line and the statistics event still say it.
  }
}

/** The counts this browser kept; anything unreadable counts as none. */
export function readHydrationMismatches(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(HYDRATION_COUNT_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => Number.isInteger(entry[1]) && entry[1] > 0));
  } catch {
    return {};
  }
}
