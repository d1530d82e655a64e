import { api, PAGE_DATA_KEYS, usePageData, type HomeContent } from '@wenrun/shared';

function homeContent(value: unknown): HomeContent | null {
  const content = value as Partial<HomeContent> | undefined;
  const complete = !!content && [content.banners, content.courses, content.experts, content.news, content.partners].every(Array.isArray);
  return complete ? (content as HomeContent) : null;
}

/** The home page's content from `websiteIntegrateApi1.0`; `retry` asks again after a failure. */
export function useHomeContent() {
  // The page shows its own notice when this fails; a toast on top would say it twice (the hook never toasts).
  return usePageData(PAGE_DATA_KEYS.home, (options) => api.integrate(options), homeContent);
}
