import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import 'semantic-ui-css/components/label.min.css';

interface LoginFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** SPEC.md §5 message shown right under the field, announced and tied to the input. */
  error?: string;
  inputRef: Ref<HTMLInputElement>;
  /** A control beside the input, such as the send-code button. */
  addon?: ReactNode;
}

/** One labelled input of the login form, with its validation message next to it. */
export function LoginField({ id, label, error, inputRef, addon, ...input }: LoginFieldProps) {
  const errorId = `${id}-error`;
  const control = (
    <input
      {...input}
      id={id}
      ref={inputRef}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    />
  );
  return (
    <div className={`field${error ? ' error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className="login-field__row">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {error && (
        <div id={errorId} className="ui pointing red basic label login-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
