import { observer } from 'mobx-react-lite';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Message } from 'semantic-ui-react';
import {
  api,
  isApiError,
  loginStore,
  MESSAGES,
  notify,
  uiStore,
  validateCode,
  validateMobile,
  validatePassword,
  type LoginResult,
} from '@wenrun/shared';
import { codeCountdown } from './CodeCountdown';

export type LoginMethod = 'password' | 'code';

interface Errors {
  mobile?: string;
  secret?: string;
}

/** The form of one login method; the modal switches between two of these. */
export const LoginForm = observer(function LoginForm({ method }: { method: LoginMethod }) {
  const id = useId();
  const [mobile, setMobile] = useState('');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  const mobileInput = useRef<HTMLInputElement>(null);
  const secretInput = useRef<HTMLInputElement>(null);
  const inFlight = useRef(false);

  const secretLabel = method === 'password' ? '密码' : '验证码';

  async function sendCode() {
    const mobileError = validateMobile(mobile);
    setErrors((current) => ({ ...current, mobile: mobileError ?? undefined }));
    if (mobileError) {
      mobileInput.current?.focus();
      return;
    }
    if (sending || codeCountdown.running) return;
    setSending(true);
    try {
      await api.sendCode({ mobile: mobile.trim() });
      codeCountdown.start();
      secretInput.current?.focus();
    } catch {
      // The shared client has shown the Chinese message; the button is usable again.
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    const next: Errors = {
      mobile: validateMobile(mobile) ?? undefined,
      secret: (method === 'password' ? validatePassword(secret) : validateCode(secret)) ?? undefined,
    };
    setErrors(next);
    setServerError(null);
    if (next.mobile) return mobileInput.current?.focus();
    if (next.secret) return secretInput.current?.focus();

    inFlight.current = true;
    setSubmitting(true);
    try {
      const payload = { mobile: mobile.trim() };
      const result =
        method === 'password'
          ? await api.passwordLogin({ ...payload, password: secret }, { hideError: true })
          : await api.codeLogin({ ...payload, code: secret.trim() }, { hideError: true });
      loginStore.login(result);
      notify.success(MESSAGES.loginSuccess);
      uiStore.setShowLoginModal(false);
    } catch (error) {
      // SPEC.md §8: a refused login shows the server's resultStr; a transport failure its own message.
      const refused = isApiError(error) && error.kind === 'envelope' ? (error.data as LoginResult | undefined) : undefined;
      setServerError(refused?.resultStr || (isApiError(error) ? error.message : MESSAGES.network));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return (
    <form className="ui form login-form" onSubmit={submit} noValidate aria-busy={submitting}>
      <div className={`field${errors.mobile ? ' error' : ''}`}>
        <label htmlFor={`${id}-mobile`}>手机号</label>
        <input
          id={`${id}-mobile`}
          ref={mobileInput}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder="请输入手机号"
          value={mobile}
          aria-invalid={errors.mobile ? true : undefined}
          aria-describedby={errors.mobile ? `${id}-mobile-error` : undefined}
          onChange={(event) => setMobile(event.target.value)}
        />
        {errors.mobile && (
          <div id={`${id}-mobile-error`} className="ui pointing red basic label" role="alert">
            {errors.mobile}
          </div>
        )}
      </div>
      <div className={`field${errors.secret ? ' error' : ''}`}>
        <label htmlFor={`${id}-secret`}>{secretLabel}</label>
        <div className={method === 'code' ? 'login-form__code-row' : undefined}>
          <input
            id={`${id}-secret`}
            ref={secretInput}
            type={method === 'password' ? 'password' : 'text'}
            inputMode={method === 'code' ? 'numeric' : undefined}
            autoComplete={method === 'password' ? 'current-password' : 'one-time-code'}
            maxLength={method === 'password' ? 64 : 6}
            placeholder={`请输入${secretLabel}`}
            value={secret}
            aria-invalid={errors.secret ? true : undefined}
            aria-describedby={errors.secret ? `${id}-secret-error` : undefined}
            onChange={(event) => setSecret(event.target.value)}
          />
          {method === 'code' && (
            <Button
              type="button"
              className="login-form__send"
              disabled={codeCountdown.running || sending}
              loading={sending}
              onClick={sendCode}
            >
              {codeCountdown.label}
            </Button>
          )}
        </div>
        {errors.secret && (
          <div id={`${id}-secret-error`} className="ui pointing red basic label" role="alert">
            {errors.secret}
          </div>
        )}
      </div>
      {serverError && (
        <Message negative role="alert" className="login-form__server-error">
          {serverError}
        </Message>
      )}
      <Button type="submit" primary fluid loading={submitting} disabled={submitting}>
        登录
      </Button>
    </form>
  );
});
