import { useLocation, useParams } from 'react-router-dom';
import { aboutSectionFromPath } from '@wenrun/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';

/** The route pages that live in remotes: the shell reads the route's params, the remote gets plain props. */
export function AboutRoute() {
  // docs/SPEC.md §2: the section is the last character of the path, however deep.
  const section = aboutSectionFromPath(useLocation().pathname);
  return (
    <RemoteSlot remote="about" module="./AboutPage" props={{ section }} label="关于我们页面" minHeight="100vh" />
  );
}

export function SearchRoute() {
  const { keyword = '' } = useParams();
  return (
    <RemoteSlot remote="header" module="./SearchResults" props={{ keyword }} label="搜索结果" minHeight="100vh" />
  );
}

export function ActivityRoute() {
  const { id = '' } = useParams();
  return <RemoteSlot remote="wuyou" module="./ActivityPage" props={{ id }} label="活动页面" minHeight="100vh" />;
}
