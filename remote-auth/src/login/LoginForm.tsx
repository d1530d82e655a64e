import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Input, Message } from 'semantic-ui-react';
import Form from 'semantic-ui-react/dist/es/collections/Form/Form.js';
import { FormField, useSingleFlight } from '@wenrun/shared/ui';
import 'semantic-ui-css/components/form.min.css';
import 'semantic-ui-css/components/message.min.css';
import { validateDraft, type LoginDraft, type LoginFieldErrors, type LoginMethod } from './draft';
import { failureMessage, logIn } from './loginRequest';
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
  const secretLabel = method === 'password' ? '密码' : '验证码';

  function edit(field: keyof LoginDraft, value: string) {
    onDraftChange({ [field]: value });
    const errorKey = field === 'mobile' ? 'mobile' : 'secret';
    if (errors[errorKey]) setErrors((current) => ({ ...current, [errorKey]: undefined }));
  }

  function showMobileError(message: string) {
    setErrors((current) => ({ ...current, mobile: message }));
    mobileInput.current?.focus();
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
      <FormField id={`${id}-mobile`} label="手机号" error={errors.mobile} announce>
        {(control) => (
          <Input
            {...control}
            fluid
            ref={mobileInput}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            placeholder="请输入手机号"
            value={draft.mobile}
            onChange={(event) => edit('mobile', event.target.value)}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-${method}`}
        label={secretLabel}
        error={errors.secret}
        announce
        addon={
          method === 'code' && (
            <SendCodeButton
              mobile={draft.mobile}
              onInvalidMobile={showMobileError}
              onSent={() => {
                setFailure(null);
                secretInput.current?.focus();
              }}
              onFailed={setFailure}
            />
          )
        }
      >
        {(control) => (
          <Input
            {...control}
            fluid
            ref={secretInput}
            type={method === 'password' ? 'password' : 'text'}
            inputMode={method === 'code' ? 'numeric' : undefined}
            autoComplete={method === 'password' ? 'current-password' : 'one-time-code'}
            placeholder={`请输入${secretLabel}`}
            value={draft[method]}
            onChange={(event) => edit(method, event.target.value)}
          />
        )}
      </FormField>
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
