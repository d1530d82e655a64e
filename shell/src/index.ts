import { showStartupFailure } from './app/startupFailure';

const container = document.getElementById('root');

/** Runs `next` once the browser has painted the next frame; at once in a background tab, which paints nothing. */
function afterNextPaint(next: () => void): void {
  if (document.visibilityState === 'hidden') next();
  else requestAnimationFrame(() => setTimeout(next));
}

// An async boundary, so that federation negotiates the shared singletons before React is loaded.
function loadApp(root: HTMLElement): void {
  import(/* webpackChunkName: "bootstrap" */ './bootstrap').then(({ start }) => start(root)).catch(showStartupFailure);
}

if (container) {
  // A server-rendered page is painted whole before the app's code is fetched and parsed: on a phone that code
  // would otherwise hold back the paint of what the visitor came to read.
  if (container.hasChildNodes()) afterNextPaint(() => loadApp(container));
  else loadApp(container);
}
