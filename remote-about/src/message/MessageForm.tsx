import { observer } from '@wenrun/shared/stores';
import type { FormEvent } from 'react';
import { Button, Input, TextArea } from 'semantic-ui-react';
import Form from 'semantic-ui-react/dist/es/collections/Form/Form.js';
import { FormField } from '@wenrun/shared/ui';
import 'semantic-ui-css/components/form.min.css';
import 'semantic-ui-css/components/message.min.css';
import { MESSAGE_CONTENT_MAX } from '@wenrun/shared';
import { messageDraft, type MessageDraft } from './MessageDraft';
import { MessageSent, RestoredDraftNotice, SendFailure } from './MessageNotices';
import { countChars } from './rules';
import { useMessageFields } from './useMessageFields';
import { useMessageSending } from './useMessageSending';
import { useRestoredDraft } from './useRestoredDraft';
import './message.css';

/**
 * The cooperation message form (websiteMessage1.0). What the visitor types is kept in the draft store, which is
 * saved to session storage, so neither a failed send nor a reload loses it; it is emptied only once sent. The
 * draft lives in the browser: the form is rendered empty on the server and fills once the page is hydrated.
 */
export const MessageForm = observer(function MessageForm({ draft = messageDraft }: { draft?: MessageDraft }) {
  const { status, sending, send, writeAnother } = useMessageSending(draft);
  const fields = useMessageFields(draft, sending);
  const { restored, forget } = useRestoredDraft(draft, fields.formId);
  const counterId = `${fields.formId}-counter`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(fields.checkAll, forget);
  }

  function startOver() {
    fields.clear();
    forget();
  }

  if (status.kind === 'sent') return <MessageSent maskedPhone={status.maskedPhone} onWriteAnother={writeAnother} />;

  const messageChars = countChars(fields.shown('message').trim());
  return (
    <Form className="message-form" noValidate onSubmit={submit} aria-label="合作留言表单">
      {restored && <RestoredDraftNotice onStartOver={startOver} />}
      <div className="message-form__pair">
        <FormField id={fields.idOf('name')} label="姓名" error={fields.errors.name} required>
          {(control) => <Input {...control} {...fields.bind('name')} fluid type="text" autoComplete="name" placeholder="您的姓名" />}
        </FormField>
        <FormField id={fields.idOf('phone')} label="手机号" error={fields.errors.phone} required>
          {(control) => (
            <Input
              {...control}
              {...fields.bind('phone')}
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
        id={fields.idOf('message')}
        required
        label="留言内容"
        error={fields.errors.message}
        describedBy={counterId}
        after={
          <p className={`message-form__counter${messageChars > MESSAGE_CONTENT_MAX ? ' is-over' : ''}`} id={counterId}>
            <span className="visually-hidden">已输入字数：</span>
            {messageChars} / {MESSAGE_CONTENT_MAX}
          </p>
        }
      >
        {(control) => (
          <TextArea {...control} {...fields.bind('message')} rows={6} placeholder="请简单介绍您的单位、所在地区和合作需求" />
        )}
      </FormField>
      {status.kind === 'editing' && status.failure && <SendFailure failure={status.failure} />}
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
