import { CLOUD_FEATURES, CLOUD_ROLES, CLOUD_SECURITY, SMART_CLOUD } from '../content/smartCloud';
import devicesImage from '../illustrations/cloud-devices.svg';
import heroImage from '../illustrations/hero-cloud.svg';
import { Block } from '../page/Block';
import { CardGrid } from '../page/CardGrid';
import { MediaRow } from '../page/MediaRow';
import { PointList } from '../page/PointList';
import { SectionHero } from '../page/SectionHero';

/** Section 4: the smart cloud platform: what it does, for whom, and how data is kept safe. */
export default function SmartCloud() {
  return (
    <>
      <SectionHero section={4} intro={SMART_CLOUD} image={heroImage} />
      <Block title="平台功能">
        <CardGrid items={CLOUD_FEATURES} />
      </Block>
      <Block title="服务对象" tinted>
        <CardGrid items={CLOUD_ROLES} />
      </Block>
      <Block title={CLOUD_SECURITY.title}>
        <MediaRow image={devicesImage} imageAlt={CLOUD_SECURITY.imageAlt}>
          <PointList points={CLOUD_SECURITY.points} />
        </MediaRow>
      </Block>
    </>
  );
}
