import { formatDay, type ActivitySignUp, type SignUpStatus } from '@wenrun/shared';
import { Fact } from './Fact';
import { Icon } from './Icon';
import { telHref } from './links';
import { ACTIVITY_TEXT } from './text';

interface SignUpProps {
  signUp: ActivitySignUp;
  status: SignUpStatus;
}

export function StatusBadge({ status }: { status: SignUpStatus }) {
  if (status === 'unknown') return null;
  return <span className={`activity-status activity-status--${status}`}>{ACTIVITY_TEXT.status[status]}</span>;
}

/** Sign-up is by phone: the number is the call to action, a tap away on a phone. */
function CallButton({ signUp, status }: SignUpProps) {
  const href = telHref(signUp.phone);
  if (!href) return <p className="activity-call--none">{ACTIVITY_TEXT.noPhone}</p>;
  const label = status === 'closed' || status === 'ended' ? ACTIVITY_TEXT.callToAsk : ACTIVITY_TEXT.callToSignUp;
  return (
    <a className="activity-call" href={href} aria-label={`${label}：${signUp.phone}`}>
      <Icon name="phone" size={20} />
      {label}
    </a>
  );
}

export function SignUpCard({ signUp, status }: SignUpProps) {
  const phoneHref = telHref(signUp.phone);
  return (
    <section className="activity-card activity-signup" aria-labelledby="activity-signup-title">
      <div className="activity-signup__head">
        <h2 className="activity-card__title" id="activity-signup-title">
          {ACTIVITY_TEXT.signUpTitle}
        </h2>
        <StatusBadge status={status} />
      </div>
      <dl className="activity-facts">
        <Fact icon="clock" label={ACTIVITY_TEXT.deadline}>
          {signUp.deadline && formatDay(signUp.deadline)}
        </Fact>
        <Fact icon="person" label={ACTIVITY_TEXT.contact}>
          {signUp.contact}
        </Fact>
        <Fact icon="phone" label={ACTIVITY_TEXT.phone}>
          {phoneHref ? <a href={phoneHref}>{signUp.phone}</a> : signUp.phone}
        </Fact>
      </dl>
      {signUp.note && <p className="activity-signup__note">{signUp.note}</p>}
      <CallButton signUp={signUp} status={status} />
    </section>
  );
}

/** On a phone the call stays in reach at the bottom of the screen while the visitor reads. */
export function SignUpBar({ signUp, status }: SignUpProps) {
  if (!telHref(signUp.phone)) return null;
  return (
    <div className="activity-bar">
      <p className="activity-bar__info">
        <StatusBadge status={status} />
        {signUp.deadline && (
          <span>
            {ACTIVITY_TEXT.deadline} {formatDay(signUp.deadline)}
          </span>
        )}
      </p>
      <CallButton signUp={signUp} status={status} />
    </div>
  );
}
