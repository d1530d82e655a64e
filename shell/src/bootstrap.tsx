import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@wenrun/shared';
import { App } from './app/App';
import { registerSiteRemotes } from './remotes/registry';
import './shell.css';

async function start() {
  // Served beside index.html, read before anything renders (DESIGN.md: the ops surface).
  const config = await loadRuntimeConfig('/runtime-config.json');
  registerSiteRemotes(config);
  const container = document.getElementById('root');
  if (container) createRoot(container).render(<App />);
}

void start();
