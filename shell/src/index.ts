import { showStartupFailure } from './app/startupFailure';
import { recordInteraction } from './app/takeover';

const container = document.getElementById('root');
// Recording starts here, not in the bootstrap: the page is readable (and typed into) while federation loads
// React, and a form submitted in that time must not reload the page.
const recording = container?.hasChildNodes() ? recordInteraction(container) : undefined;

/** Runs `next` once the browser has painted the next frame; at once in a background tab, which paints nothing. */
function afterNextPaint(next: () => void): void {
  if (document.visibilityState === 'hidden') next();
  else requestAnimationFrame(() => setTimeout(next));
}

// An async boundary, so that federation negotiates the shared singletons before React is loaded.
function loadApp(root: HTMLElement): void {
  import('./bootstrap').then(({ start }) => start(root, recording)).catch(showStartupFailure);
}

if (container) {
  // A prerendered page is painted whole before the app's code is fetched and parsed: on a phone that code would
  // otherwise hold back the paint of what the visitor came to read.
  if (recording) afterNextPaint(() => loadApp(container));
  else loadApp(container);
}
