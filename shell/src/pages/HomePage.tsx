import { Link } from 'react-router-dom';
import { aboutPath, getRuntimeConfig } from '@wenrun/shared';
import { OFFERINGS } from './offerings';

export function HomePage() {
  const { company } = getRuntimeConfig().contact;
  return (
    <div className="home">
      <section className="home__hero">
        <div className="home__hero-inner">
          <h1>让每一位教师都被看见、被支持、被成就</h1>
          <p>{company}为中小学校与教师提供系统的研训课程、智慧云平台与课堂观测评价服务。</p>
          <Link className="ui primary button" to={aboutPath(1)}>
            了解文润
          </Link>
        </div>
      </section>
      <section className="home__offerings" aria-labelledby="home-offerings">
        <h2 id="home-offerings">我们提供</h2>
        <ul>
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
    </div>
  );
}
