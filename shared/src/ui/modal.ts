/**
 * Semantic UI React's modal, shared once in the page as `@wenrun/shared/ui/modal`: apart from `@wenrun/shared/ui`
 * because it brings the portal, the dimmer and the transitions, and the pages load it only when a dialog opens.
 */
export { Modal } from 'semantic-ui-react';
