import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { isActivityPath, loadRuntimeConfig } from '@wenrun/shared';
import { App, loadLayout } from './app/App';
import { type InteractionRecording, replayInteraction } from './app/takeover';
import { loadExposed, registerSiteRemotes } from './remotes/registry';
import { modulesForPath } from './remotes/routeModules';
import './shell.css';

/** A slow remote must not hold a readable prerendered page hostage: past this, the slot loads on its own. */
const TAKEOVER_WAIT_MS = 4_000;

/**
 * A prerendered page is taken over only once the remote modules it shows are loaded, so the first render
 * produces the same markup and replaces it in one commit: no flash, no shift.
 */
async function preloadRouteModules(pathname: string): Promise<void> {
  const loads = modulesForPath(pathname).map(({ remote, module }) => loadExposed(remote, module).catch(() => undefined));
  await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, TAKEOVER_WAIT_MS))]);
}

/** `recording`: what the visitor did on the prerendered markup, recorded since the entry script ran. */
export async function start(container: HTMLElement, recording?: InteractionRecording) {
  const prerendered = recording !== undefined;

  const { pathname } = window.location;
  const layout = isActivityPath(pathname) ? undefined : loadLayout();
  // Served beside index.html, read before anything renders (DESIGN.md: the ops surface).
  const config = await loadRuntimeConfig('/runtime-config.json');
  registerSiteRemotes(config);
  // Started now, not when React first renders the slots: the remotes download while the app chunks do.
  const routeModules = preloadRouteModules(pathname);
  if (prerendered) await routeModules;
  const app = <App Layout={await layout} />;

  const root = createRoot(container);
  if (!recording) {
    root.render(app);
    return;
  }
  const interaction = recording.finish();
  // Committed at once, so the visitor's input can be put back into the app's own fields.
  flushSync(() => root.render(app));
  replayInteraction(container, interaction);
}

