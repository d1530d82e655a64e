/**
 * The Semantic UI elements the site uses: the button, the message and the placeholder as plain markup with
 * Semantic's classes (`elements.tsx`). They hold no state, so they are no shared module: each part that uses them
 * bundles them, tree-shaken, and a page fetches nothing extra for them. The modal comes from semantic-ui-react,
 * shared once in the page as `@wenrun/shared/ui/modal` (`modal.ts`). Parts use Semantic UI through these only (lint
 * rule).
 */
export { Button, Message, Placeholder, type ButtonProps, type MessageProps } from './elements';
