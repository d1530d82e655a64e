import { lazy, memo, Suspense } from 'react';
import { getRuntimeConfig } from '@wenrun/shared';
import { LoadingIndicator } from '@wenrun/shared/ui';
import {
  COOPERATION_MODELS,
  COOPERATION_PROCESS,
  MESSAGE_INVITE,
  PROJECT_COOPERATION,
} from '../content/projectCooperation';
import heroImage from '../illustrations/hero-cooperation.svg';
import { Block } from '../page/Block';
import { mailtoHref, telHref } from '../page/contactLinks';
import { SectionHero } from '../page/SectionHero';
import { StepList } from '../page/StepList';

/**
 * The message form with its checks (zod) and its draft: a chunk of its own, since only this section shows it. A
 * server-rendered page keeps the form's markup while the chunk arrives (React hydrates it then); a visitor who
 * comes from another section sees the loader in the form's place for that moment.
 */
const MessageForm = lazy(() => import(/* webpackChunkName: "message-form" */ '../message/MessageForm'));

/**
 * Memoised, so that the section's own renders (the page's first render after hydration is one) leave it alone: React
 * renders a boundary that is still waiting to hydrate afresh when it is updated, and what the visitor typed into
 * the server's form would go with the server's markup.
 */
const MessageFormSlot = memo(function MessageFormSlot() {
  return (
    <Suspense fallback={<LoadingIndicator label="留言表单加载中…" />}>
      <MessageForm />
    </Suspense>
  );
});

/** Section 6: how we cooperate, how a project runs, and a message form for those who want to start one. */
export default function ProjectCooperation() {
  const { contact } = getRuntimeConfig();
  const tel = telHref(contact.hotline);
  const mailto = mailtoHref(contact.email);
  return (
    <>
      <SectionHero section={6} intro={PROJECT_COOPERATION} image={heroImage} />
      <Block title="合作模式">
        <ul className="about-models">
          {COOPERATION_MODELS.map((model) => (
            <li key={model.title} className="about-model">
              <h3>{model.title}</h3>
              <p className="about-model__text">{model.text}</p>
              <dl className="about-model__facts">
                <div>
                  <dt>适合</dt>
                  <dd>{model.audience}</dd>
                </div>
                <div>
                  <dt>周期</dt>
                  <dd>{model.period}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </Block>
      <Block title="合作流程" tinted>
        <StepList steps={COOPERATION_PROCESS} />
      </Block>
      <Block title={MESSAGE_INVITE.title} intro={MESSAGE_INVITE.text} className="about-message">
        <div className="about-message__layout">
          <MessageFormSlot />
          <aside className="about-contact" aria-label={MESSAGE_INVITE.contactTitle}>
            <h3>{MESSAGE_INVITE.contactTitle}</h3>
            <dl>
              <div>
                <dt>咨询热线</dt>
                <dd>{tel ? <a href={tel}>{contact.hotline}</a> : contact.hotline}</dd>
              </div>
              <div>
                <dt>电子邮箱</dt>
                <dd>{mailto ? <a href={mailto}>{contact.email}</a> : contact.email}</dd>
              </div>
              <div>
                <dt>联系地址</dt>
                <dd>{contact.address}</dd>
              </div>
            </dl>
          </aside>
        </div>
      </Block>
    </>
  );
}
