import {
  OBSERVATION_DIMENSIONS,
  OBSERVATION_EVALUATION,
  OBSERVATION_FLOW,
  OBSERVATION_OUTCOMES,
} from '../content/observationEvaluation';
import heroImage from '../illustrations/hero-observation.svg';
import reportImage from '../illustrations/observation-report.svg';
import { Block } from '../page/Block';
import { CardGrid } from '../page/CardGrid';
import { MediaRow } from '../page/MediaRow';
import { PointList } from '../page/PointList';
import { SectionHero } from '../page/SectionHero';
import { StepList } from '../page/StepList';

/** Section 5: what a lesson observation looks at, how it runs, and what the results are used for. */
export default function ObservationEvaluation() {
  return (
    <>
      <SectionHero section={5} intro={OBSERVATION_EVALUATION} image={heroImage} />
      <Block title="观测维度" intro="六个维度覆盖一节课的关键环节，每个维度都有可观察、可记录的具体指标。">
        <CardGrid items={OBSERVATION_DIMENSIONS} />
      </Block>
      <Block title="观测流程" tinted>
        <StepList steps={OBSERVATION_FLOW} />
      </Block>
      <Block title={OBSERVATION_OUTCOMES.title}>
        <MediaRow image={reportImage} imageAlt={OBSERVATION_OUTCOMES.imageAlt}>
          <PointList points={OBSERVATION_OUTCOMES.points} />
        </MediaRow>
      </Block>
    </>
  );
}
