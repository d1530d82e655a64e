/**
 * The building blocks of forms and pages that hold no state from one part to another: Semantic UI's button, message
 * and placeholder as plain markup with Semantic's classes (`elements.tsx`), the labelled form field, the loading
 * indicator, the single-flight guard of a submit button and a dialog's focus handling. They are no shared module:
 * each part that uses them bundles them, tree-shaken, so a page fetches only what its parts use and nothing on its
 * own for them (the home page none of them). The modal comes from semantic-ui-react, shared once in the page as
 * `@wenrun/shared/ui/modal` (`modal.ts`). Parts use Semantic UI through these only (lint rule).
 */
export { Button, Message, Placeholder, type ButtonProps, type MessageProps } from './elements';
export { FormField, type FieldControlProps } from '../forms/FormField';
export { LoadingIndicator } from '../feedback/LoadingIndicator';
export { useDialogFocus, type DialogFocus } from '../a11y/dialogFocus';
export { useSingleFlight } from '../forms/useSingleFlight';
