import { useEffect } from 'react';

export interface PageMeta {
  /** Left to the page's remote when it sets the title itself (about, search, activity). */
  title?: string;
  description: string;
  /** Path of the canonical URL; unknown paths that show the home page say `/`. */
  canonicalPath?: string;
  /** Search results are not for search engines. */
  noindex?: boolean;
}

function metaTag(selector: string, create: () => HTMLElement): HTMLElement {
  const existing = document.head.querySelector<HTMLElement>(selector);
  if (existing) return existing;
  const element = create();
  document.head.appendChild(element);
  return element;
}

/** Per-route `<title>`, description, canonical link and robots rule. */
export function usePageMeta({ title, description, canonicalPath, noindex = false }: PageMeta): void {
  useEffect(() => {
    if (title) document.title = title;
    metaTag('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }))
      .setAttribute('content', description);
    const robots = metaTag('meta[name="robots"]', () => Object.assign(document.createElement('meta'), { name: 'robots' }));
    robots.setAttribute('content', noindex ? 'noindex' : 'index,follow');
    const canonical = metaTag('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }));
    canonical.setAttribute('href', new URL(canonicalPath ?? window.location.pathname, window.location.origin).toString());
  }, [title, description, canonicalPath, noindex]);
}
