import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Input, Message } from 'semantic-ui-react';
import Form from 'semantic-ui-react/dist/es/collections/Form/Form.js';
import { useSingleFlight } from '@wenrun/shared/ui';
import 'semantic-ui-css/components/form.min.css';
import 'semantic-ui-css/components/message.min.css';
import { validateDraft, type LoginDraft, type LoginFieldErrors, type LoginMethod } from './draft';
import { failureMessage, logIn } from './loginRequest';
import { MobileField } from './MobileField';
import { SecretField } from './SecretField';
import { SendCodeButton } from './SendCodeButton';

interface LoginFormProps {
  method: LoginMethod;
  /** Owned by the modal, so that neither a tab switch nor closing the modal loses what was typed. */
  draft: LoginDraft;
  onDraftChange: (change: Partial<LoginDraft>) => void;
  onLoggedIn: () => void;
}

/** The form of one login method (docs/SPEC.md §4, §5, §8); the modal shows one of the two at a time. */
export function LoginForm({ method, draft, onDraftChange, onLoggedIn }: LoginFormProps) {
  const id = useId();
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, runLogin] = useSingleFlight();
  const mobileInput = useRef<Input>(null);
  const secretInput = useRef<Input>(null);

  function edit(field: keyof LoginDraft, value: string) {
    onDraftChange({ [field]: value });
    const errorKey = field === 'mobile' ? 'mobile' : 'secret';
    if (errors[errorKey]) setErrors((current) => ({ ...current, [errorKey]: undefined }));
  }

  function showMobileError(message: string) {
    setErrors((current) => ({ ...current, mobile: message }));
    mobileInput.current?.focus();
  }

  function codeSent() {
    setFailure(null);
    secretInput.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validateDraft(method, draft);
    setErrors(found);
    setFailure(null);
    if (found.mobile) return mobileInput.current?.focus();
    if (found.secret) return secretInput.current?.focus();
    return runLogin(async () => {
      try {
        await logIn(method, draft);
        onLoggedIn();
      } catch (error) {
        setFailure(failureMessage(error));
      }
    });
  }

  return (
    <Form className="login-form" onSubmit={submit} noValidate aria-busy={submitting}>
      <MobileField id={`${id}-mobile`} inputRef={mobileInput} value={draft.mobile} error={errors.mobile}
        onChange={(value) => edit('mobile', value)}
      />
      <SecretField
        id={`${id}-${method}`}
        method={method}
        inputRef={secretInput}
        value={draft[method]}
        error={errors.secret}
        onChange={(value) => edit(method, value)}
        addon={
          method === 'code' && (
            <SendCodeButton mobile={draft.mobile} onInvalidMobile={showMobileError} onSent={codeSent} onFailed={setFailure} />
          )
        }
      />
      {failure && (
        <Message negative role="alert" className="login-form__failure">
          {failure}
        </Message>
      )}
      <Button
        type="submit"
        primary
        fluid
        className="login-form__submit"
        loading={submitting}
        aria-disabled={submitting || undefined}
      >
        登录
      </Button>
    </Form>
  );
}
