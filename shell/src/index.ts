import { showStartupFailure } from './app/startupFailure';

const container = document.getElementById('root');

/** Runs `next` once the browser has painted the next frame; at once in a background tab, which paints nothing. */
function afterNextPaint(next: () => void): void {
  if (document.visibilityState === 'hidden') next();
  else requestAnimationFrame(() => setTimeout(next));
}

/** Resolves in a later task: what follows does not run on in the task before. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// An async boundary, so that federation negotiates the shared singletons before React is loaded. The shared libraries
// are asked for together (fetched side by side) and each is evaluated as its chunk arrives, in that chunk's task,
// not all at once in the task of the last one, as the bootstrap's one module graph would.
async function loadApp(root: HTMLElement): Promise<void> {
  const libraries = [import('react'), import('react-dom/client'), import('@wenrun/shared'), import('react-router-dom')];
  // A failed load is thrown where it is awaited below; until then it would be reported as unhandled.
  for (const library of libraries) library.catch(() => undefined);
  for (const library of libraries) {
    await library;
    await nextTask();
  }
  const { start } = await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
  await nextTask();
  await start(root);
}

if (container) {
  // A server-rendered page is painted whole before the app's code is fetched and parsed: on a phone that code
  // would otherwise hold back the paint of what the visitor came to read.
  if (container.hasChildNodes()) afterNextPaint(() => void loadApp(container).catch(showStartupFailure));
  else void loadApp(container).catch(showStartupFailure);
}
