import { expect } from '@playwright/test';
import { API_PATHS, searchPath, SERVICE_IMAGE_WIDTH, type Envelope, type SearchResult } from '@wenrun/shared/node';
import { API_ORIGIN } from '../support/login-modal';
import type { Target } from '../support/visitor-page';
import { inHeader, mainHeading, openWithLiveHeader, type VisitorFlow } from './flow';

const contactDialog: Target = { css: '[role="dialog"]', name: '在线客服' };

/** A keyword whose courses fill more than one page of results. */
const KEYWORD = '教';
const courseGroup = '.search-group:has(nav[aria-label="课程分页"])';
const coursePager = (name: '上一页' | '下一页'): Target => ({ css: `${courseGroup} nav button`, name });
const courseTitles: Target = { css: `${courseGroup} h3` };

export const HEADER_FLOWS: VisitorFlow[] = [
  {
    name: 'customer service: 客服 opens the dialog with the service image 410 px wide and the hotline; Esc closes it',
    run: async (page, { request }) => {
      const { contact } = (await (await request.get('/runtime-config.json')).json()) as { contact: { hotline: string } };
      await openWithLiveHeader(page, '/');
      await page.click(inHeader('button', '客服'));
      await expect.poll(() => page.count(contactDialog)).toBe(1);
      const image = { css: '[role="dialog"] img.contact-modal__image' };
      await expect
        .poll(() => page.inspect(image, ([img]) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
        .toBe(true);
      expect(await page.inspect(image, ([img]) => img?.getBoundingClientRect().width)).toBe(SERVICE_IMAGE_WIDTH);
      expect((await page.texts({ css: '[role="dialog"] p' })).join(' ')).toContain(`服务热线：${contact.hotline}`);
      await page.press('Escape');
      await expect.poll(() => page.count(contactDialog)).toBe(0);
    },
  },
  {
    name: 'search and paging: a keyword from the header lands on its results; the course pager shows the next page of the API',
    run: async (page, { request }) => {
      await openWithLiveHeader(page, '/');
      await page.click(inHeader('button', '搜索课程或专家'));
      await page.fill({ css: 'header.site-header input[type="search"]' }, KEYWORD);
      await page.press('Enter');
      await expect.poll(async () => (await page.url()).pathname).toBe(searchPath(KEYWORD));
      await expect.poll(() => mainHeading(page)).toEqual([`“${KEYWORD}”的搜索结果`]);

      // The API's pages of courses, of the size the page shows: what each page of the pager must list.
      await expect.poll(() => page.count(courseTitles)).toBeGreaterThan(0);
      const pageSize = await page.count(courseTitles);
      const apiPage = async (number: number) => {
        const form = { keyword: KEYWORD, page: String(number), pageSize: String(pageSize), scope: 'course' };
        const response = await request.post(`${API_ORIGIN}${API_PATHS.search}`, { form });
        return ((await response.json()) as Envelope<SearchResult>).data.courses;
      };
      const [first, second] = [await apiPage(1), await apiPage(2)];
      const pages = Math.ceil(first.total / pageSize);
      expect(pages).toBeGreaterThan(1);
      expect(await page.texts(courseTitles)).toEqual(first.list.map((course) => course.title));
      expect(await page.texts({ css: `${courseGroup} .search-pager__where` })).toEqual([`第 1 / ${pages} 页`]);

      await page.click(coursePager('下一页'));
      await expect.poll(() => page.texts({ css: `${courseGroup} .search-pager__where` })).toEqual([`第 2 / ${pages} 页`]);
      await expect.poll(() => page.texts(courseTitles)).toEqual(second.list.map((course) => course.title));
      await page.click(coursePager('上一页'));
      await expect.poll(() => page.texts(courseTitles)).toEqual(first.list.map((course) => course.title));
    },
  },
];
