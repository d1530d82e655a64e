import { observer } from '@wenrun/shared/stores';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Input, Message, Ref, TextArea } from 'semantic-ui-react';
import Form from 'semantic-ui-react/dist/es/collections/Form/Form.js';
import { FormField, useSingleFlight } from '@wenrun/shared/ui';
import 'semantic-ui-css/components/form.min.css';
import 'semantic-ui-css/components/message.min.css';
import { api, isApiError, maskMobile, MESSAGE_CONTENT_MAX, MESSAGES, takeTypedValue, useHydrated } from '@wenrun/shared';
import { DRAFT_MAX_LENGTH, messageDraft, type MessageDraft } from './MessageDraft';
import {
  countChars,
  MESSAGE_FIELDS,
  messagePayload,
  validateField,
  validateMessage,
  type MessageErrors,
  type MessageField,
} from './rules';
import { MESSAGE_FORM_TEXT } from './texts';
import './message.css';

type FormStatus =
  | { kind: 'editing'; failure: string | null }
  | { kind: 'sending' }
  | { kind: 'sent'; maskedPhone: string };

/** Semantic UI React's controls; each focuses its element (`focus()`). */
type Control = Input | TextArea;

/**
 * The cooperation message form (websiteMessage1.0). What the visitor types is kept in the draft store, which is
 * saved to session storage, so neither a failed send nor a reload loses it; it is emptied only once sent. The
 * draft lives in the browser: the form is rendered empty on the server and fills once the page is hydrated.
 */
export const MessageForm = observer(function MessageForm({ draft = messageDraft }: { draft?: MessageDraft }) {
  const [status, setStatus] = useState<FormStatus>({ kind: 'editing', failure: null });
  const [errors, setErrors] = useState<MessageErrors>({});
  const hydrated = useHydrated();
  const [restored, setRestored] = useState(false);
  const [, runSend] = useSingleFlight();
  const controls = useRef<Partial<Record<MessageField, Control | null>>>({});
  const thanksRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const idOf = (field: MessageField) => `${baseId}-${field}`;
  const counterId = `${baseId}-counter`;
  const sending = status.kind === 'sending';

  useEffect(() => {
    if (status.kind === 'sent') thanksRef.current?.focus();
  }, [status.kind]);

  // All three read here, in this observer's own render: the fields are drawn in FormField's render prop, where MobX
  // does not track what is read, so a field read only there was not re-rendered as it was typed and React put its old
  // value back at each key (a visitor typing into 姓名 or 手机号 saw nothing).
  const values = hydrated ? draft.values : null;
  const shown = (field: MessageField) => values?.[field] ?? '';

  // Once, at the first render: a draft from an earlier visit is announced; what was typed before hydration wins. The
  // typed text is the element's own (by its id): Semantic's controls hold no value of their own to read.
  useEffect(() => {
    setRestored(!draft.isEmpty);
    for (const field of MESSAGE_FIELDS) {
      const element = document.getElementById(`${baseId}-${field}`) as HTMLInputElement | HTMLTextAreaElement | null;
      takeTypedValue(element, '', (typed) => draft.set(field, typed));
    }
  }, [draft, baseId]);

  // No `name` on the controls: a server-rendered copy of the form submitted natively before any script runs would
  // otherwise put the visitor's phone number into the address bar and the server logs.
  const bind = (field: MessageField) => ({
    value: shown(field),
    maxLength: DRAFT_MAX_LENGTH[field],
    readOnly: sending,
    ref: (element: Control | null) => {
      controls.current[field] = element;
    },
    onChange: (_event: unknown, { value }: { value?: string | number }) => {
      draft.set(field, String(value ?? ''));
      // A message already shown follows the typing, so it goes away as soon as the field is right.
      if (errors[field]) {
        const error = validateField(field, draft.values);
        setErrors(({ [field]: _old, ...others }) => (error ? { ...others, [field]: error } : others));
      }
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A second submission while one is on its way (Enter pressed twice) is dropped, not sent twice.
    await runSend(async () => {
      const values = draft.values;
      const found = validateMessage(values);
      setErrors(found);
      const firstInvalid = MESSAGE_FIELDS.find((field) => found[field]);
      if (firstInvalid) {
        controls.current[firstInvalid]?.focus();
        return;
      }
      setStatus({ kind: 'sending' });
      try {
        const payload = messagePayload(values);
        await api.sendMessage(payload);
        draft.clear();
        setRestored(false);
        setStatus({ kind: 'sent', maskedPhone: maskMobile(payload.phone) });
      } catch (error) {
        setStatus({ kind: 'editing', failure: isApiError(error) ? error.message : MESSAGES.network });
      }
    });
  }

  function startOver() {
    draft.clear();
    setRestored(false);
    setErrors({});
    controls.current.name?.focus();
  }

  if (status.kind === 'sent') {
    return (
      // Ref: the notice is focused once shown (its own ref would be the component, not the element).
      <Ref innerRef={thanksRef}>
        <Message success className="message-sent" role="status" tabIndex={-1}>
          <svg className="message-sent__mark" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
            <circle cx="24" cy="24" r="22" fill="#3aa57a" />
            <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <h3>{MESSAGE_FORM_TEXT.sentTitle}</h3>
          <p>我们的项目顾问会在两个工作日内通过 {status.maskedPhone} 与您联系，请留意来电。</p>
          <Button type="button" basic primary onClick={() => setStatus({ kind: 'editing', failure: null })}>
            再写一条留言
          </Button>
        </Message>
      </Ref>
    );
  }

  const messageChars = countChars(shown('message').trim());
  return (
    <Form className="message-form" noValidate onSubmit={submit} aria-label="合作留言表单">
      {restored && (
        <Message info size="small" className="message-form__restored">
          {MESSAGE_FORM_TEXT.restoredDraft}
          <Button type="button" basic size="small" className="message-form__link" onClick={startOver}>
            清空重填
          </Button>
        </Message>
      )}
      <div className="message-form__pair">
        <FormField id={idOf('name')} label="姓名" error={errors.name} required>
          {(control) => <Input {...control} {...bind('name')} fluid type="text" autoComplete="name" placeholder="您的姓名" />}
        </FormField>
        <FormField id={idOf('phone')} label="手机号" error={errors.phone} required>
          {(control) => (
            <Input
              {...control}
              {...bind('phone')}
              fluid
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="11 位手机号码"
            />
          )}
        </FormField>
      </div>
      <FormField
        id={idOf('message')}
        required
        label="留言内容"
        error={errors.message}
        describedBy={counterId}
        after={
          <p className={`message-form__counter${messageChars > MESSAGE_CONTENT_MAX ? ' is-over' : ''}`} id={counterId}>
            <span className="visually-hidden">已输入字数：</span>
            {messageChars} / {MESSAGE_CONTENT_MAX}
          </p>
        }
      >
        {(control) => (
          <TextArea {...control} {...bind('message')} rows={6} placeholder="请简单介绍您的单位、所在地区和合作需求" />
        )}
      </FormField>
      {status.kind === 'editing' && status.failure && (
        <Message negative role="alert" className="message-form__failure">
          <Message.Header>{MESSAGE_FORM_TEXT.failedTitle}</Message.Header>
          <p>{status.failure}</p>
          <p>您填写的内容都已保留，可以稍后再次提交。</p>
        </Message>
      )}
      <div className="message-form__actions">
        <Button type="submit" primary loading={sending} disabled={sending}>
          提交留言
        </Button>
        <p className="message-form__privacy">您的信息仅用于本次合作咨询，我们不会向第三方提供。</p>
      </div>
    </Form>
  );
});

export default MessageForm;
