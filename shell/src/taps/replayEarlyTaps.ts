import type { Root } from 'react-dom/client';
import { EARLY_TAPS, isLive, releaseTap, type EarlyTap, type EarlyTapQueue } from './earlyTaps';

/** How often held taps are looked at while some wait for their control to come alive. */
const CHECK_EVERY_MS = 50;
/** A control not live this long after its tap never will be (its remote never came): the tap is let go. */
export const GIVE_UP_AFTER_MS = 20_000;

/** React 18's hint to hydrate the part of the page holding a node first, which @types/react-dom does not declare. */
interface HydrationHint {
  unstable_scheduleHydration?: (target: Node) => void;
}

function act(tap: EarlyTap): void {
  if (tap.type === 'submit') (tap.target as HTMLFormElement).requestSubmit();
  else tap.target.click();
}

/**
 * Drains the taps the page's loader held (`EARLY_TAP_CAPTURE`): each control's first tap is acted on once, as the
 * visitor made it, as soon as React has taken that control over (its slot hydrated, or its remote's code arrived),
 * asking React to hydrate it first. A control seen live is acted on at the next check, not at once, so that what
 * the page did on hydrating (a typed value taken over into the app's state) is in place before the tap.
 */
export function replayEarlyTaps(
  root: Root,
  queue: EarlyTapQueue | undefined = (window as unknown as Record<string, EarlyTapQueue | undefined>)[EARLY_TAPS],
): void {
  if (!queue) return;
  const hint = root as Root & HydrationHint;
  const firstSeen = new WeakMap<EarlyTap, number>();
  const hinted = new WeakSet<Node>();
  const seenLive = new WeakSet<Node>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const check = () => {
    timer = undefined;
    for (const tap of [...queue.list]) {
      const { target } = tap;
      if (!firstSeen.has(tap)) firstSeen.set(tap, Date.now());
      if (!target.isConnected || Date.now() - (firstSeen.get(tap) ?? 0) > GIVE_UP_AFTER_MS) {
        queue.list.splice(queue.list.indexOf(tap), 1);
        releaseTap(tap);
        console.warn(`[taps] 页面接管前的一次点击没有执行：${target.isConnected ? '控件一直没有就绪' : '控件已被重新渲染'}`);
        continue;
      }
      if (!isLive(target)) {
        if (!hinted.has(target)) hint.unstable_scheduleHydration?.(target);
        hinted.add(target);
        continue;
      }
      if (!seenLive.has(target)) {
        seenLive.add(target);
        continue;
      }
      queue.list.splice(queue.list.indexOf(tap), 1);
      releaseTap(tap);
      act(tap);
    }
    if (queue.list.length) timer = setTimeout(check, CHECK_EVERY_MS);
  };
  queue.wake = () => {
    if (timer === undefined) timer = setTimeout(check, CHECK_EVERY_MS);
  };
  check();
}
