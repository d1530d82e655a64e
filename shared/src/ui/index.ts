/**
 * The Semantic UI elements the site uses, shared once in the page as `@wenrun/shared/ui`: the button, the message
 * and the placeholder as plain markup with Semantic's classes (`elements.tsx`). The modal comes from
 * semantic-ui-react, shared apart as `@wenrun/shared/ui/modal` (`modal.ts`): no page shows one at first, and a
 * shared module is loaded whole. Parts use Semantic UI through these only (lint rule).
 */
export { Button, Message, Placeholder, type ButtonProps, type MessageProps } from './elements';
