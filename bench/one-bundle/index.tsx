/**
 * Entry of the one-bundle baseline: the shell's own App, started as shell/src/bootstrap.tsx starts it (field data
 * sampled alike, so both sites measure the same views), with a remote loader that has no remotes and no federation
 * runtime.
 */
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRuntimeConfig, routeOf, ROUTER_FUTURE } from '@wenrun/shared';
import { App } from '@wenrun/shell/app/App';
import { sampleFieldData } from '@wenrun/shell/fieldData/sampleFieldData';
import { SlotsProvider } from '@wenrun/shell/remotes/slotContext';
import { watchSlotHydration } from '@wenrun/shell/remotes/slotHydration';
import { oneBundleLoader } from './remoteLoader';
import '@wenrun/shell/shell.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  const config = await loadRuntimeConfig('/runtime-config.json');
  sampleFieldData(config, { route: routeOf(window.location.pathname).route.path, canary: [], loader: oneBundleLoader });
  createRoot(container).render(
    <SlotsProvider loader={oneBundleLoader} hydration={watchSlotHydration()}>
      <BrowserRouter future={ROUTER_FUTURE}>
        <App />
      </BrowserRouter>
    </SlotsProvider>,
  );
}

void start();
