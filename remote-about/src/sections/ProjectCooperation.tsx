import { getRuntimeConfig } from '@wenrun/shared';
import {
  COOPERATION_MODELS,
  COOPERATION_PROCESS,
  MESSAGE_INVITE,
  PROJECT_COOPERATION,
} from '../content/projectCooperation';
import heroImage from '../illustrations/hero-cooperation.svg';
import MessageForm from '../message/MessageForm';
import { Block } from '../page/Block';
import { mailtoHref, telHref } from '../page/contactLinks';
import { SectionHero } from '../page/SectionHero';
import { StepList } from '../page/StepList';

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
          <MessageForm />
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
