import { api, PAGE_DATA_KEYS, usePageData, type HomeContent } from '@wenrun/shared';

function homeContent(value: unknown): HomeContent | null {
  const content = value as Partial<HomeContent> | undefined;
  const complete = !!content && [content.banners, content.courses, content.experts, content.news, content.partners].every(Array.isArray);
  return complete ? (content as HomeContent) : null;
}

/** The home page's content from `websiteIntegrateApi1.0`; `retry` asks again after a failure. */
export function useHomeContent() {
  // A failure in the browser is a toast (the API client's, docs/SPEC.md §8) and the page's own notice with a retry.
  return usePageData(PAGE_DATA_KEYS.home, (options) => api.integrate(options), homeContent);
}
