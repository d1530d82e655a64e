import { ACTIVITY_FACT_LABELS, formatPeriod, signUpStatus, type Activity } from '@wenrun/shared';
import { ActivityBlocks } from './ActivityBlocks';
import { Fact } from './Fact';
import { imageUrl } from './links';
import { SignUpBar, SignUpCard, StatusBadge } from './SignUp';

/** Cover pictures have no size in the data; the box is 16:9 whatever arrives, so nothing moves when it loads. */
const COVER = { width: 800, height: 450 } as const;

export function ActivityView({ activity, now }: { activity: Activity; now: Date }) {
  const status = signUpStatus(activity.signUp.deadline, activity.endTime, now);
  const cover = imageUrl(activity.cover);
  return (
    <article className="activity">
      <header className="activity-hero">
        <div className="activity-hero__inner">
          <div className="activity-hero__cover">
            {/* The cover repeats the title as a picture: nothing for a screen reader to add. */}
            {cover && <img src={cover} alt="" width={COVER.width} height={COVER.height} />}
          </div>
          <div className="activity-hero__text">
            <StatusBadge status={status} />
            <h1 className="activity-hero__title">{activity.title}</h1>
            {activity.subtitle && <p className="activity-hero__subtitle">{activity.subtitle}</p>}
            <dl className="activity-facts activity-facts--hero">
              <Fact icon="calendar" label={ACTIVITY_FACT_LABELS.time}>
                {formatPeriod(activity.startTime, activity.endTime)}
              </Fact>
              <Fact icon="place" label={ACTIVITY_FACT_LABELS.place}>
                {activity.place}
              </Fact>
              <Fact icon="organizer" label={ACTIVITY_FACT_LABELS.organizer}>
                {activity.organizer}
              </Fact>
            </dl>
          </div>
        </div>
      </header>
      <div className="activity-content">
        <ActivityBlocks blocks={activity.blocks} />
        <aside className="activity-aside">
          <SignUpCard signUp={activity.signUp} status={status} />
        </aside>
      </div>
      <SignUpBar signUp={activity.signUp} status={status} />
    </article>
  );
}
