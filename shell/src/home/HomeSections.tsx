import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Placeholder } from 'semantic-ui-react';
import 'semantic-ui-css/components/placeholder.min.css';
import {
  aboutPath,
  assetUrl,
  type Banner,
  type Course,
  type Expert,
  type NewsItem,
  type Partner,
} from '@wenrun/shared';

interface SectionProps<T> {
  /** `undefined` while loading or after a failure. */
  items: T[] | undefined;
  loading: boolean;
}

interface HomeSectionProps<T> extends SectionProps<T> {
  id: string;
  title: string;
  more?: { to: string; label: string };
  className: string;
  /** Cards shown while loading, each the size of a real one so nothing moves when content arrives. */
  skeletons: number;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => number;
}

/** A titled list of API items with skeleton cards while loading; absent when the API failed or sent none. */
function HomeSection<T>({ id, title, more, className, skeletons, items, loading, renderItem, itemKey }: HomeSectionProps<T>) {
  if (!loading && !items?.length) return null;
  return (
    <section className="home-section" aria-labelledby={id} aria-busy={loading}>
      <div className="home-section__head">
        <h2 id={id}>{title}</h2>
        {more && <Link to={more.to}>{more.label}</Link>}
      </div>
      <ul className={className}>
        {items
          ? items.map((item) => <li key={itemKey(item)}>{renderItem(item)}</li>)
          : Array.from({ length: skeletons }, (_, index) => (
              <li key={index} aria-hidden="true">
                <Placeholder fluid className="home-skeleton">
                  <Placeholder.Image />
                </Placeholder>
              </li>
            ))}
      </ul>
    </section>
  );
}

export function HomeBanners({ banners, loading }: { banners: Banner[] | undefined; loading: boolean }) {
  return (
    <HomeSection
      id="home-banners"
      title="专题推荐"
      className="home-banners"
      skeletons={3}
      items={banners}
      loading={loading}
      itemKey={(banner) => banner.id}
      renderItem={(banner) => (
        <Link to={banner.link}>
          <img src={assetUrl(banner.image)} alt="" width={400} height={200} loading="lazy" />
          <h3>{banner.title}</h3>
          <p>{banner.subtitle}</p>
        </Link>
      )}
    />
  );
}

export function FeaturedCourses({ courses, loading }: { courses: Course[] | undefined; loading: boolean }) {
  return (
    <HomeSection
      id="home-courses"
      title="精品课程"
      more={{ to: aboutPath(3), label: '全部课程' }}
      className="home-courses"
      skeletons={8}
      items={courses}
      loading={loading}
      itemKey={(course) => course.id}
      renderItem={(course) => (
        <article>
          <img src={assetUrl(course.cover)} alt="" width={320} height={180} loading="lazy" />
          <h3>{course.title}</h3>
          <p className="home-meta">
            {course.category} · {course.lecturer} · {course.lessons} 课时
          </p>
        </article>
      )}
    />
  );
}

export function ExpertTeam({ experts, loading }: { experts: Expert[] | undefined; loading: boolean }) {
  return (
    <HomeSection
      id="home-experts"
      title="专家团队"
      className="home-experts"
      skeletons={6}
      items={experts}
      loading={loading}
      itemKey={(expert) => expert.id}
      renderItem={(expert) => (
        <article>
          <img src={assetUrl(expert.avatar)} alt="" width={72} height={72} loading="lazy" />
          <div>
            <h3>{expert.name}</h3>
            <p className="home-meta">{expert.title}</p>
            <p className="home-meta">{expert.field}</p>
          </div>
        </article>
      )}
    />
  );
}

export function NewsList({ news, loading }: { news: NewsItem[] | undefined; loading: boolean }) {
  return (
    <HomeSection
      id="home-news"
      title="新闻动态"
      className="home-news"
      skeletons={5}
      items={news}
      loading={loading}
      itemKey={(item) => item.id}
      renderItem={(item) => (
        <article>
          <time dateTime={item.date}>{item.date}</time>
          <div>
            <h3>{item.title}</h3>
            <p>{item.summary}</p>
          </div>
        </article>
      )}
    />
  );
}

export function PartnerWall({ partners, loading }: { partners: Partner[] | undefined; loading: boolean }) {
  return (
    <HomeSection
      id="home-partners"
      title="合作伙伴"
      className="home-partners"
      skeletons={8}
      items={partners}
      loading={loading}
      itemKey={(partner) => partner.id}
      renderItem={(partner) => (
        <p>
          <strong>{partner.name}</strong>
          <span>{partner.region}</span>
        </p>
      )}
    />
  );
}
