import { aboutSectionFromPath, activityIdFromPath, searchKeywordFromPath, usePath } from '@wenrun/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';

/** The route pages that live in remotes: the shell reads the path, the remote gets plain props. */
export function AboutRoute() {
  const section = aboutSectionFromPath(usePath());
  return (
    <RemoteSlot remote="about" module="./AboutPage" props={{ section }} label="关于我们页面" minHeight="100vh" />
  );
}

export function SearchRoute() {
  const keyword = searchKeywordFromPath(usePath());
  return (
    <RemoteSlot remote="header" module="./SearchResults" props={{ keyword }} label="搜索结果" minHeight="100vh" />
  );
}

export function ActivityRoute() {
  const id = activityIdFromPath(usePath());
  return <RemoteSlot remote="wuyou" module="./ActivityPage" props={{ id }} label="活动页面" minHeight="100vh" />;
}
