/**
 * Entry of the one-bundle baseline: the shell's own App, started as shell/src/bootstrap.tsx starts it, with no
 * federation runtime and no remotes to register.
 */
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig, SiteRouter } from '@wenrun/shared';
import { App } from '../../shell/src/app/App';
import '../../shell/src/shell.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  await loadRuntimeConfig('/runtime-config.json');
  createRoot(container).render(
    <SiteRouter>
      <App />
    </SiteRouter>,
  );
}

void start();
