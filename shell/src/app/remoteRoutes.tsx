import { useLocation } from 'react-router-dom';
import { aboutSectionFromPath, activityIdFromPath, searchKeywordFromPath } from '@wenrun/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { useWrittenPath } from './writtenPath';

/** The route pages that live in remotes: the shell reads the path, the remote gets plain props. */
export function AboutRoute() {
  const section = aboutSectionFromPath(useWrittenPath(useLocation().pathname));
  return (
    <RemoteSlot remote="about" module="./AboutPage" props={{ section }} label="关于我们页面" minHeight="100vh" />
  );
}

export function SearchRoute() {
  const keyword = searchKeywordFromPath(useWrittenPath(useLocation().pathname));
  return (
    <RemoteSlot remote="header" module="./SearchResults" props={{ keyword }} label="搜索结果" minHeight="100vh" />
  );
}

export function ActivityRoute() {
  const id = activityIdFromPath(useWrittenPath(useLocation().pathname));
  return <RemoteSlot remote="wuyou" module="./ActivityPage" props={{ id }} label="活动页面" minHeight="100vh" />;
}
