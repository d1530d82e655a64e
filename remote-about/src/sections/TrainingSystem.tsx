import {
  GROWTH_LEVELS,
  TRAINING_CREDIT_NOTE,
  TRAINING_FORMATS,
  TRAINING_PATH,
  TRAINING_SYSTEM,
} from '../content/trainingSystem';
import heroImage from '../illustrations/hero-training.svg';
import { Block } from '../page/Block';
import { CardGrid } from '../page/CardGrid';
import { SectionHero } from '../page/SectionHero';
import { StepList } from '../page/StepList';

/** Section 2: the three levels of growth, the path through each level, and the formats of training. */
export default function TrainingSystem() {
  return (
    <>
      <SectionHero section={2} intro={TRAINING_SYSTEM} image={heroImage} />
      <Block title="三阶成长" intro="每位教师按所处阶段进入相应的研修项目，目标清晰、内容递进。">
        <ol className="about-levels">
          {GROWTH_LEVELS.map((level, index) => (
            <li key={level.name} className={`about-level about-level--${index + 1}`}>
              <div className="about-level__head">
                <h3>{level.name}</h3>
                <span>{level.who}</span>
              </div>
              <p className="about-level__goal">
                成长目标：<strong>{level.goal}</strong>
              </p>
              <ul className="about-level__focus" aria-label={`${level.name}研修重点`}>
                {level.focus.map((topic) => (
                  <li key={topic}>{topic}</li>
                ))}
              </ul>
              <p className="about-level__hours">{level.hours}</p>
            </li>
          ))}
        </ol>
      </Block>
      <Block title="研修路径" intro="每个阶段都经历同样的五个环节，学习过程全程留痕，成长成效可以评估。" tinted>
        <StepList steps={TRAINING_PATH} />
      </Block>
      <Block title="研修方式">
        <CardGrid items={TRAINING_FORMATS} />
        <p className="about-note">{TRAINING_CREDIT_NOTE}</p>
      </Block>
    </>
  );
}
