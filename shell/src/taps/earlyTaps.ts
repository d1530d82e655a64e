/**
 * Taps on a server-rendered page before the app has taken it over (README.md beside this file). Two halves of one
 * mechanism: `EARLY_TAP_CAPTURE`, which the page's inline loader runs before anything else (so it is plain ES5
 * text, and the CSP allows it by the loader's hash), and `replayEarlyTaps`, which the app runs once it hydrates.
 */

/** Where the capture keeps what it held for the app: `window[EARLY_TAPS]`. */
export const EARLY_TAPS = '__wenrunEarlyTaps';

/** A tap held until its control is live: a click on a button, or a form's submission. */
export interface EarlyTap {
  type: 'click' | 'submit';
  target: HTMLElement;
}

/** The queue the capture fills and the app drains; `wake` is the app's, called on each new tap. */
export interface EarlyTapQueue {
  list: EarlyTap[];
  wake: (() => void) | null;
  /** Set when the app will not come (its code failed to load): taps go to the page's own controls again. */
  off: boolean;
}

/** Whether React has taken `node` over: it sets its props on every element it hydrated or rendered. */
export function isLive(node: Node): boolean {
  for (const key in node) if (key.indexOf('__reactProps$') === 0) return true;
  return false;
}

/** What a tap acts on: the button, or the form for a submission; links are left to the browser. */
export const HELD_CONTROL = 'button,[role="button"],input[type="submit"],input[type="button"]';

/**
 * The capture, as the inline loader runs it: a click on a control, or a submission, that React does not handle yet
 * is held (no native form submission, nothing lost), the control says it is busy, and one tap per control is
 * queued; a second tap on the same control before the app is live does nothing more. Links are not held: the
 * browser follows them, as it would with the app.
 */
export const EARLY_TAP_CAPTURE = [
  `var q=window.${EARLY_TAPS}={list:[],wake:null,off:false};`,
  `function live(n){for(var k in n)if(k.indexOf('__reactProps$')===0)return true;return false;}`,
  'function hold(e){',
  `var t=e.target&&e.target.closest?e.target.closest(e.type==='submit'?'form':'${HELD_CONTROL}'):null;`,
  'if(q.off||!t||t.disabled||live(t))return;',
  'e.preventDefault();e.stopPropagation();',
  'for(var i=0;i<q.list.length;i++)if(q.list[i].target===t)return;',
  "q.list.push({type:e.type,target:t});t.setAttribute('aria-busy','true');t.style.cursor='progress';t.style.opacity='0.6';",
  'if(q.wake)q.wake();',
  '}',
  "document.addEventListener('click',hold,true);document.addEventListener('submit',hold,true);",
].join('');

/** Gives a held control back its normal look. */
export function releaseTap(tap: EarlyTap): void {
  tap.target.removeAttribute('aria-busy');
  tap.target.style.removeProperty('cursor');
  tap.target.style.removeProperty('opacity');
}

/**
 * Stops holding taps, for when the app's code could not load: nothing would ever act on them, and the controls the
 * startup notice adds (its reload button) are plain DOM that must answer at once. Held controls stop looking busy.
 */
export function stopHoldingTaps(
  queue: EarlyTapQueue | undefined = (window as unknown as Record<string, EarlyTapQueue | undefined>)[EARLY_TAPS],
): void {
  if (!queue) return;
  queue.off = true;
  for (const tap of queue.list.splice(0)) releaseTap(tap);
}
