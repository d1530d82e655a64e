import { showStartupFailure } from './app/startupFailure';
import { recordInteraction } from './app/takeover';

const container = document.getElementById('root');
// Recording starts here, not in the bootstrap: the page is readable (and typed into) while federation loads
// React, and a form submitted in that time must not reload the page.
const recording = container?.hasChildNodes() ? recordInteraction(container) : undefined;

// An async boundary, so that federation negotiates the shared singletons before React is loaded.
if (container) {
  import('./bootstrap').then(({ start }) => start(container, recording)).catch(showStartupFailure);
}
