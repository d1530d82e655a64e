/**
 * The building blocks of forms and pages that hold no state from one part to another, built on Semantic UI React:
 * the labelled form field (`Form.Field` with its prompt `Label`), the loading indicator (`Loader`), the
 * single-flight guard of a submit button and a dialog's focus handling. Parts use Semantic UI React's own elements
 * (`Button`, `Message`, `Placeholder`, `Menu`, `Modal` …) directly from `semantic-ui-react`.
 */
export { FormField, type FieldControlProps } from '../forms/FormField';
export { LoadingIndicator } from '../feedback/LoadingIndicator';
export { useDialogFocus, type DialogFocus } from '../a11y/dialogFocus';
export { useSingleFlight } from '../forms/useSingleFlight';
