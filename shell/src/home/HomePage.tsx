import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button, Message } from 'semantic-ui-react';
import 'semantic-ui-css/components/message.min.css';
import { aboutPath, getRuntimeConfig } from '@wenrun/shared';
import { HomeBanners, ExpertTeam, FeaturedCourses, NewsList, PartnerWall } from './HomeSections';
import { OFFERINGS } from './offerings';
import { useHomeContent } from './useHomeContent';
import './home.css';

/**
 * docs/SPEC.md §2: the home page. The hero and the six offerings are the shell's own and show at once; the rest comes
 * from `websiteIntegrateApi1.0`, with skeletons while it loads and a notice (never an empty page) when it fails.
 */
export function HomePage() {
  const { company } = getRuntimeConfig().contact;
  const { state, retry } = useHomeContent();
  useEffect(() => {
    if (state.status === 'failed') console.warn(`[home] 首页内容加载失败：${state.error.message}`);
  }, [state]);

  const content = state.status === 'ready' ? state.data : null;
  const loading = state.status === 'loading';

  return (
    <div className="home">
      <section className="home-hero">
        <div className="home-hero__inner">
          <h1>让每一位教师都被看见、被支持、被成就</h1>
          <p>{company}为中小学校与教师提供系统的研训课程、智慧云平台与课堂观测评价服务。</p>
          <div className="home-hero__actions">
            {/* Semantic UI React calls anything but a <button> a button; these go to pages, as links do. */}
            <Button as={Link} role="link" primary to={aboutPath(1)}>
              了解文润
            </Button>
            <Button as={Link} role="link" basic inverted to={aboutPath(3)}>
              浏览精品课程
            </Button>
          </div>
        </div>
      </section>

      {state.status === 'failed' && (
        <Message warning className="home-notice" role="status">
          <p>最新课程、专家与动态暂时无法加载（{state.error.message}）。以下为文润教育的主要服务。</p>
          <Button type="button" size="small" onClick={retry}>
            重新加载
          </Button>
        </Message>
      )}

      <section className="home-section" aria-labelledby="home-offerings">
        <h2 id="home-offerings">我们提供</h2>
        <ul className="home-offerings">
          {OFFERINGS.map((offering) => (
            <li key={offering.section}>
              <Link to={aboutPath(offering.section)}>
                <h3>{offering.title}</h3>
                <p>{offering.summary}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <HomeBanners banners={content?.banners} loading={loading} />
      <FeaturedCourses courses={content?.courses} loading={loading} />
      <ExpertTeam experts={content?.experts} loading={loading} />
      <NewsList news={content?.news} loading={loading} />
      <PartnerWall partners={content?.partners} loading={loading} />
    </div>
  );
}
