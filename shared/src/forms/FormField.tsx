import type { ReactNode } from 'react';
import { Label } from 'semantic-ui-react';
import Form from 'semantic-ui-react/dist/es/collections/Form/Form.js';
import 'semantic-ui-css/components/label.min.css';

/** What the control of a field is told, so its label, message and description are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required'?: true;
}

interface FormFieldProps {
  id: string;
  label: string;
  /** The field's validation message, right under it (docs/SPEC.md §5 wording where it has one). */
  error?: string | undefined;
  /** Ids of other text that describes the control (a character counter). */
  describedBy?: string;
  required?: boolean;
  /** Say the message as soon as it appears (a form with one message at a time); otherwise it is read with the field. */
  announce?: boolean;
  /** Beside the control on one row (the send-code button). */
  addon?: ReactNode;
  /** Under the control (a character counter). */
  after?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled control of a Semantic UI form (`Form.Field`), its message right under it (Semantic's pointing prompt
 * `Label`), tied together for assistive technology. The control is the caller's (an input, a textarea), so that
 * it keeps its own ref and value handling; `Form.Field`'s own `control` prop would tie the message the same way
 * but not a second description (the counter) nor a control beside it.
 */
export function FormField({ id, label, error, describedBy, required, announce, addon, after, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ');
  const control = children({
    id,
    'aria-invalid': Boolean(error),
    'aria-describedby': described || undefined,
    ...(required ? { 'aria-required': true as const } : {}),
  });
  return (
    <Form.Field required={required} error={Boolean(error)}>
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className="form-field__row">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {after}
      {error && (
        <Label id={errorId} basic color="red" pointing prompt className="form-field__error" role={announce ? 'alert' : undefined}>
          {error}
        </Label>
      )}
    </Form.Field>
  );
}
