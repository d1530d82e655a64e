import { useEffect, useRef } from 'react';
import { Button, Message, Ref } from 'semantic-ui-react';
import { MESSAGE_FORM_TEXT } from './texts';

/** The thanks that replaces the form once the message is sent, focused as it appears so it is read out. */
export function MessageSent({ maskedPhone, onWriteAnother }: { maskedPhone: string; onWriteAnother: () => void }) {
  const thanksRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    thanksRef.current?.focus();
  }, []);
  return (
    // Ref: the notice is focused once shown (its own ref would be the component, not the element).
    <Ref innerRef={thanksRef}>
      <Message success className="message-sent" role="status" tabIndex={-1}>
        <svg className="message-sent__mark" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="#3aa57a" />
          <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h3>{MESSAGE_FORM_TEXT.sentTitle}</h3>
        <p>我们的项目顾问会在两个工作日内通过 {maskedPhone} 与您联系，请留意来电。</p>
        <Button type="button" basic primary onClick={onWriteAnother}>
          再写一条留言
        </Button>
      </Message>
    </Ref>
  );
}

/** A draft from an earlier visit is back in the fields; the visitor may clear it. */
export function RestoredDraftNotice({ onStartOver }: { onStartOver: () => void }) {
  return (
    <Message info size="small" className="message-form__restored">
      {MESSAGE_FORM_TEXT.restoredDraft}
      <Button type="button" basic size="small" className="message-form__link" onClick={onStartOver}>
        清空重填
      </Button>
    </Message>
  );
}

/** Why the last send failed, above the button; what was typed is kept. */
export function SendFailure({ failure }: { failure: string }) {
  return (
    <Message negative role="alert" className="message-form__failure">
      <Message.Header>{MESSAGE_FORM_TEXT.failedTitle}</Message.Header>
      <p>{failure}</p>
      <p>您填写的内容都已保留，可以稍后再次提交。</p>
    </Message>
  );
}
