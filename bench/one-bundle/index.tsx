/**
 * Entry of the one-bundle baseline: the shell's own App, started as shell/src/bootstrap.tsx starts it (field data
 * sampled alike, so both sites measure the same views), with no federation runtime and no remotes to register.
 */
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRuntimeConfig, routeOf, ROUTER_FUTURE } from '@wenrun/shared';
import { App } from '../../shell/src/app/App';
import { sampleFieldData } from '../../shell/src/fieldData/sampleFieldData';
import '../../shell/src/shell.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  const config = await loadRuntimeConfig('/runtime-config.json');
  sampleFieldData(config, { route: routeOf(window.location.pathname).route.path, canary: [] });
  createRoot(container).render(
    <BrowserRouter future={ROUTER_FUTURE}>
      <App />
    </BrowserRouter>,
  );
}

void start();
