import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  aboutPath,
  aboutSectionFromPath,
  aboutSectionTitle,
  activityIdFromPath,
  activityPath,
  getRuntimeConfig,
  searchKeywordFromPath,
} from '@wenrun/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { usePageMeta } from './usePageMeta';
import { useWrittenPath } from './writtenPath';

/** The route pages that live in remotes: the shell reads the path, the remote gets plain props. */
export function AboutRoute() {
  const pathname = useWrittenPath(useLocation().pathname);
  const section = aboutSectionFromPath(pathname);
  const { company } = getRuntimeConfig().contact;
  usePageMeta({
    description: `${company}：${aboutSectionTitle(section)}。面向中小学校与教师的研训、课程与评价服务。`,
    canonicalPath: aboutPath(section),
  });
  return (
    <RemoteSlot remote="about" module="./AboutPage" props={{ section }} label="关于我们页面" minHeight="100vh" />
  );
}

export function SearchRoute() {
  const pathname = useWrittenPath(useLocation().pathname);
  const keyword = searchKeywordFromPath(pathname);
  usePageMeta({ description: `在${getRuntimeConfig().contact.company}搜索课程与专家。`, noindex: true });
  return (
    <RemoteSlot remote="header" module="./SearchResults" props={{ keyword }} label="搜索结果" minHeight="100vh" />
  );
}

export function ActivityRoute() {
  const pathname = useWrittenPath(useLocation().pathname);
  const id = activityIdFromPath(pathname);
  // Only the activity page knows what the activity is about. It says so through a prop rather than writing the
  // head itself: its effects run before this route's, so the route's generic text would win.
  const [activityDescription, setActivityDescription] = useState<string | null>(null);
  usePageMeta({
    description: activityDescription ?? `${getRuntimeConfig().contact.company}活动报名与详情。`,
    canonicalPath: activityPath(id),
  });
  return (
    <RemoteSlot
      remote="wuyou"
      module="./ActivityPage"
      props={{ id, onDescription: setActivityDescription }}
      label="活动页面"
      minHeight="100vh"
    />
  );
}
