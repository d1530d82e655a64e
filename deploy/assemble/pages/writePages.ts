/**
 * `npm run pages`, the last step of `npm run build`: every page the route manifest renders at build (`/`,
 * `/about`, `/about/1` … `/about/6`) and every activity the API lists, rendered in Node by the one site renderer
 * (render-server/src/render) from the built parts and the API's content, written as HTML beside the shell's
 * app.html, with the config they were rendered with (pages-config.json: servers send them only while it is the one
 * served). Also the pictures of shared links, sitemap.xml and robots.txt. No browser is involved.
 */
import fs from 'node:fs';
import path from 'node:path';
import { APP_PAGE, buildPaths, REMOTE_NAMES, REMOTE_PARTS, pageTarget, SHELL_PART, SITE_IMAGE } from '@wenrun/shared/node';
import { escapeHtml } from '@wenrun/render-server/render/document';
import { siteImagePng } from '@wenrun/render-server/render/images';
import { writeActivityPages } from './activityPages';
import { openLocalRenderer } from './localRenderer';
import { pageFile, writePageFile } from './pageFiles';
import { SITE_URL } from './siteUrl';
import { recordPagesConfig } from './pagesConfig';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SHELL_DIST = path.join(ROOT, SHELL_PART.folder, 'dist');
const REMOTE_DISTS = Object.fromEntries(REMOTE_NAMES.map((name) => [name, path.join(ROOT, REMOTE_PARTS[name].folder, 'dist')]));

function sitemap(paths: string[]): string {
  const urls = paths.map((pathname) => `  <url><loc>${escapeHtml(`${SITE_URL}${pathname}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(SHELL_DIST, APP_PAGE))) throw new Error(`shell 尚未构建（没有 dist/${APP_PAGE}）`);
  const { renderer, apiTarget, close } = await openLocalRenderer(SHELL_DIST, REMOTE_DISTS, 'own-when-local');
  try {
    const indexed = new Set<string>();
    const notWritten: string[] = [];
    for (const pathname of buildPaths()) {
      const outcome = await renderer.render(pageTarget(pathname));
      if (outcome.kind !== 'page' || outcome.status !== 200 || outcome.failedSlots.length) {
        const why = outcome.kind === 'unavailable' ? outcome.reason : outcome.kind === 'page' ? `${outcome.failedSlots.join('、')} 未能渲染` : '是重定向';
        notWritten.push(`${pathname}：${why}`);
        continue;
      }
      const file = pageFile(SHELL_DIST, pathname);
      writePageFile(file, outcome.html);
      if (!outcome.head.noindex) indexed.add(outcome.head.canonicalPath);
      console.log(`[pages] ${pathname} → ${path.relative(ROOT, file)}（${outcome.head.title}）`);
    }
    writePageFile(path.join(SHELL_DIST, SITE_IMAGE.path), siteImagePng(renderer.config.contact.company));
    recordPagesConfig(SHELL_DIST, renderer.config);

    const activityPaths: string[] = [];
    try {
      const activities = await writeActivityPages(renderer, SHELL_DIST, apiTarget);
      for (const { pathname, title } of activities.written) console.log(`[pages] ${pathname}（${title}）`);
      for (const pathname of activities.removed) console.log(`[pages] 活动已下线，删除 ${pathname} 的页面`);
      notWritten.push(...activities.failed);
      activityPaths.push(...activities.written.map(({ pathname }) => pathname));
    } catch (error) {
      notWritten.push(`活动页（活动列表无法获取：${error instanceof Error ? error.message : String(error)}）`);
    }

    fs.writeFileSync(path.join(SHELL_DIST, 'sitemap.xml'), sitemap([...indexed, ...activityPaths]));
    fs.writeFileSync(path.join(SHELL_DIST, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`);
    console.log(`[pages] sitemap.xml：${indexed.size} 个页面，${activityPaths.length} 个活动`);
    for (const line of notWritten) console.warn(`[pages] 没有写出 ${line}；这个地址由浏览器渲染的页面（${APP_PAGE}）提供`);
  } finally {
    await close();
  }
}

main().then(
  // The reference API's handles and the federation runtime's would keep the process alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error('[pages] 失败：', error);
    process.exit(1);
  },
);
