/**
 * The Semantic UI React components the site uses, shared once in the page as `@wenrun/shared/ui` (docs/ARCHITECTURE.md:
 * semantic-ui-react is a singleton). Sharing the package itself would send all of it to every visitor: a
 * shared module cannot be tree-shaken, and the whole library is 74 KB gzip against a few KB for these. Parts
 * import Semantic UI React from here only (lint rule); a component not listed here is added here first.
 */
export { Button, Message, Modal, Placeholder } from 'semantic-ui-react';
