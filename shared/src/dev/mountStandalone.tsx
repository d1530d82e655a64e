import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '../constants';
import { AppFeedback } from '../feedback/AppFeedback';
import './dev.css';

/**
 * A remote's standalone dev page: its exposed modules on their own, against the shared stores and the API of
 * the default runtime config, so a remote team can work and test without the shell.
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
