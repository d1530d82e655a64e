import { useLocation } from 'react-router-dom';
import {
  aboutPath,
  aboutSectionFromPath,
  aboutSectionTitle,
  activityIdFromPath,
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
    <RemoteSlot remote="about" module="./AboutPage" props={{ section }} label="关于我们页面" minHeight="70vh" />
  );
}

export function SearchRoute() {
  const pathname = useWrittenPath(useLocation().pathname);
  const keyword = searchKeywordFromPath(pathname);
  usePageMeta({ description: `在${getRuntimeConfig().contact.company}搜索课程与专家。`, noindex: true });
  return (
    <RemoteSlot remote="header" module="./SearchResults" props={{ keyword }} label="搜索结果" minHeight="60vh" />
  );
}

export function ActivityRoute() {
  const pathname = useWrittenPath(useLocation().pathname);
  usePageMeta({ description: `${getRuntimeConfig().contact.company}活动报名与详情。` });
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
