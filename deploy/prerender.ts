/**
 * Prerendering, the last step of `npm run build`: the marketing pages (PRERENDERED_PATHS) and the activity pages
 * (`/wuyou/{id}`, see activityPages.ts) are rendered in Chromium from the built parts and the API's content
 * (siteRenderer.ts) and written as HTML beside the shell's index.html (`about/3/index.html` …). The shell then
 * takes them over. Also writes robots.txt, sitemap.xml and the Open Graph image.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import type { CourseList } from '../shared/src/api/types';
import { ABOUT_SECTIONS, aboutPath } from '../shared/src/content/aboutSections';
import { PRERENDERED_PATHS } from '../shared/src/content/routes';
import { REMOTE_NAMES, REMOTE_PARTS, SHELL_PART, type RemoteName } from '../shared/src/config/parts';
import type { RuntimeConfig } from '../shared/src/config/runtimeConfig';
import { prerenderActivityPages } from './activityPages';
import { CHROMIUM_PATH } from './chromium';
import { escapeHtml } from './prerenderHtml';
import { APP_PAGE, OG_IMAGE, openSiteRenderer, pageFile, SITE_URL } from './siteRenderer';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHELL_DIST = path.join(ROOT, SHELL_PART.folder, 'dist');
const distOf = (name: RemoteName) => path.join(ROOT, REMOTE_PARTS[name].folder, 'dist');

/** The course list a page was rendered from (embedded in it): the structured data names the courses it shows. */
function renderedCourseList(data: Record<string, unknown>): CourseList | undefined {
  return Object.values(data).find((value): value is CourseList => {
    const courses = value as Partial<CourseList> | null;
    return !!courses && Array.isArray(courses.list) && Array.isArray(courses.categories);
  });
}

function coursesJsonLd(config: RuntimeConfig, courses: CourseList | undefined): object | undefined {
  if (!courses?.list.length) return undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: courses.list.map((course, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Course',
        name: course.title,
        description: course.summary,
        provider: { '@type': 'Organization', name: config.contact.company, sameAs: `${SITE_URL}/` },
      },
    })),
  };
}

function sitemap(paths: string[]): string {
  const urls = paths.map((pathname) => `  <url><loc>${escapeHtml(`${SITE_URL}${pathname}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The picture shown with shared links: drawn here, in the site's colours, as a JPEG (what chat apps accept). */
async function drawOpenGraphImage(browser: Browser, config: RuntimeConfig): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<!doctype html><html lang="zh-CN"><body style="margin:0">
    <div style="width:1200px;height:630px;box-sizing:border-box;padding:96px;color:#fff;
      font-family:'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif;
      background:linear-gradient(135deg,#17467d 0%,#1f5fa8 55%,#2f7fc8 100%)">
      <div style="font-size:40px;opacity:.9">${escapeHtml(config.contact.company)}</div>
      <div style="margin-top:48px;font-size:68px;font-weight:700;line-height:1.3">让每一位教师都被看见、<br>被支持、被成就</div>
      <div style="margin-top:40px;font-size:32px;opacity:.9">研训体系 · 精品课程 · 智慧云 · 观测评价 · 项目合作</div>
    </div></body></html>`);
  await page.screenshot({ path: path.join(SHELL_DIST, OG_IMAGE), type: 'jpeg', quality: 82 });
  await page.close();
}

function logWritten(pathname: string, title: string): void {
  console.log(`[prerender] ${pathname} → ${path.relative(ROOT, pageFile(SHELL_DIST, pathname))}（${title}）`);
}

/** The marketing pages, from every built part, and the Open Graph image. */
async function prerenderMarketingPages(): Promise<void> {
  const remoteDirs = Object.fromEntries(REMOTE_NAMES.map((name) => [name, distOf(name)]));
  const renderer = await openSiteRenderer({ shellDir: SHELL_DIST, remoteDirs });
  try {
    for (const pathname of PRERENDERED_PATHS) {
      const rendered = await renderer.render(pathname);
      const courseList =
        pathname === aboutPath(3) ? coursesJsonLd(renderer.config, renderedCourseList(rendered.data)) : undefined;
      renderer.write(pathname, rendered, courseList ? [courseList] : []);
      logWritten(pathname, rendered.head.title);
    }
    await drawOpenGraphImage(renderer.browser, renderer.config);
  } finally {
    await renderer.close();
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(SHELL_DIST, APP_PAGE))) throw new Error(`shell 尚未构建（没有 dist/${APP_PAGE}）`);
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.warn(`[prerender] 没有找到 Chromium（${CHROMIUM_PATH}），跳过预渲染：页面照常在浏览器中渲染`);
    return;
  }
  await prerenderMarketingPages();

  const activities = await prerenderActivityPages({ shellDir: SHELL_DIST, wuyouDir: distOf('wuyou') });
  for (const { pathname, title } of activities.written) logWritten(pathname, title);
  for (const pathname of activities.removed) console.log(`[prerender] 活动已下线，删除 ${pathname} 的页面`);

  const activityPaths = activities.written.map(({ pathname }) => pathname);
  const indexed = [...new Set(PRERENDERED_PATHS.map((pathname) => (pathname === '/about' ? aboutPath(ABOUT_SECTIONS[0].key) : pathname)))];
  fs.writeFileSync(path.join(SHELL_DIST, 'sitemap.xml'), sitemap([...indexed, ...activityPaths]));
  fs.writeFileSync(path.join(SHELL_DIST, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`);
  console.log(`[prerender] sitemap.xml：${indexed.length} 个页面，${activityPaths.length} 个活动`);
}

main().catch((error: unknown) => {
  console.error('[prerender] 失败：', error);
  process.exit(1);
});
