import { useLocation } from 'react-router-dom';
import { aboutSectionFromPath, activityIdFromPath, searchKeywordFromPath } from '@wenrun/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';

/** The route pages that live in remotes: the shell reads the path, the remote gets plain props. */
export function AboutRoute() {
  const { pathname } = useLocation();
  return (
    <RemoteSlot
      remote="about"
      module="./AboutPage"
      props={{ section: aboutSectionFromPath(pathname) }}
      label="关于我们页面"
      minHeight="70vh"
    />
  );
}

export function SearchRoute() {
  const { pathname } = useLocation();
  return (
    <RemoteSlot
      remote="header"
      module="./SearchResults"
      props={{ keyword: searchKeywordFromPath(pathname) }}
      label="搜索结果"
      minHeight="60vh"
    />
  );
}

export function ActivityRoute() {
  const { pathname } = useLocation();
  return (
    <RemoteSlot
      remote="wuyou"
      module="./ActivityPage"
      props={{ id: activityIdFromPath(pathname) }}
      label="活动页面"
      minHeight="100vh"
    />
  );
}
