import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
// The package's own public surface, so the page uses the one shared instance every module of the remote uses.
import { AppFeedback, ROUTER_FUTURE } from '@wenrun/shared';
// The pages of the site have these with their layout; a standalone page has none.
import '../styles/semanticUi';
import './dev.css';

/**
 * A remote's standalone dev page: its exposed modules on their own, in a router of the page's own, against the shared stores and the API of
 * the default runtime config, so a remote team can work and test without the shell. Its own entry point
 * (`@wenrun/shared/dev`), imported by the remotes' dev pages only: it never ships in the site's bundles.
 */
export function mountStandalone(title: string, page: ReactNode): void {
  document.title = `${title}（独立调试页）`;
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <BrowserRouter future={ROUTER_FUTURE}>
      {page}
      <AppFeedback />
    </BrowserRouter>,
  );
}
