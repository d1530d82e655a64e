/** docs/SPEC.md §2: the six about sections, by key. */
export const ABOUT_SECTIONS = [
  { key: 1, title: '公司简介' },
  { key: 2, title: '研训体系' },
  { key: 3, title: '精品课程' },
  { key: 4, title: '智慧云' },
  { key: 5, title: '观测评价' },
  { key: 6, title: '项目合作' },
] as const;

export type AboutSectionKey = (typeof ABOUT_SECTIONS)[number]['key'];

export const DEFAULT_ABOUT_SECTION: AboutSectionKey = 1;

export function aboutPath(key: AboutSectionKey): string {
  return `/about/${key}`;
}

/**
 * docs/SPEC.md §2: the key is the last character of the path when it is a digit 1–6; anything else is section 1.
 * The header's active tab and the about page both read it from here.
 */
export function aboutSectionFromPath(pathname: string): AboutSectionKey {
  const last = pathname.replace(/\/+$/, '').slice(-1);
  return /^[1-6]$/.test(last) ? (Number(last) as AboutSectionKey) : DEFAULT_ABOUT_SECTION;
}

export function aboutSectionTitle(key: AboutSectionKey): string {
  return ABOUT_SECTIONS.find((section) => section.key === key)?.title ?? ABOUT_SECTIONS[0].title;
}
