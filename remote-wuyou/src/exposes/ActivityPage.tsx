import { useEffect } from 'react';
import { assetUrl, getRuntimeConfig, type Activity, type ActivityBlock } from '@wenrun/shared';
import { sanitizeHtml } from '../activity/sanitize';
import { useActivity } from '../activity/useActivity';
import '../activity/activity.css';

export interface ActivityPageProps {
  /** The id as written in the path; checked here. */
  id: string;
}

/** SPEC.md §2: an activity page, a full page of its own without the site's header and footer. */
export default function ActivityPage({ id }: ActivityPageProps) {
  const state = useActivity(id);

  useEffect(() => {
    if (state.status === 'ready') document.title = `${state.activity.title} - ${getRuntimeConfig().contact.company}`;
  }, [state]);

  if (state.status === 'loading') {
    return (
      <div className="activity activity--loading" aria-busy="true">
        <div className="ui active centered inline loader" />
        <p>活动加载中…</p>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="activity activity--failed" role="alert">
        <h1>无法显示这个活动</h1>
        <p>{state.message}</p>
        <a className="ui primary button" href="/">
          返回首页
        </a>
      </div>
    );
  }
  return <ActivityView activity={state.activity} />;
}

function ActivityView({ activity }: { activity: Activity }) {
  return (
    <article className="activity">
      <header className="activity__hero">
        <p className="activity__organizer">{activity.organizer}</p>
        <h1>{activity.title}</h1>
        {activity.subtitle && <p className="activity__subtitle">{activity.subtitle}</p>}
        <dl className="activity__facts">
          <dt>时间</dt>
          <dd>
            {activity.startTime} 至 {activity.endTime}
          </dd>
          <dt>地点</dt>
          <dd>{activity.place}</dd>
        </dl>
      </header>
      <div className="activity__body">
        {activity.blocks.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </div>
      <section className="activity__signup" aria-labelledby="activity-signup">
        <h2 id="activity-signup">报名信息</h2>
        <dl>
          <dt>报名截止</dt>
          <dd>{activity.signUp.deadline}</dd>
          <dt>联系人</dt>
          <dd>{activity.signUp.contact}</dd>
          <dt>联系电话</dt>
          <dd>
            <a href={`tel:${activity.signUp.phone.replace(/[^\d+-]/g, '')}`}>{activity.signUp.phone}</a>
          </dd>
        </dl>
        {activity.signUp.note && <p>{activity.signUp.note}</p>}
      </section>
      <footer className="activity__footer">
        <a href="/">访问文润教育官网</a>
        <p className="activity__version" data-testid="activity-version">
          页面版本 {__BUILD_INFO__.version}（{__BUILD_INFO__.gitHash}）
        </p>
      </footer>
    </article>
  );
}

function Block({ block }: { block: ActivityBlock }) {
  switch (block.type) {
    case 'text':
      return (
        <section className="activity__block">
          {block.title && <h2>{block.title}</h2>}
          <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(block.html) }} />
        </section>
      );
    case 'image':
      return (
        <figure className="activity__figure">
          <img src={assetUrl(block.src)} alt={block.alt} width={block.width} height={block.height} loading="lazy" />
          {block.alt && <figcaption>{block.alt}</figcaption>}
        </figure>
      );
    case 'list':
      return (
        <section className="activity__block">
          {block.title && <h2>{block.title}</h2>}
          <ul>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      );
    default:
      return null;
  }
}
