import { expect, test } from '@playwright/test';
import { API_PATHS, MESSAGES, searchPath, type Envelope, type SearchResult } from '@wenrun/shared/node';
import {
  openPage,
  openSearchBox,
  resultGroup,
  searchFromHeader,
  searchStatus,
  servedRuntimeConfig,
  shownKeyword,
  siteHeader,
} from '../support/header-search';
import { openClientRendered } from '../support/activities';
import { holdRequests, watchErrors } from '../support/site';

/** Texts that break naive URL handling or HTML rendering; each must come back exactly on the results page. */
const ODD_TEXTS = [
  'a/b',
  '100%',
  '%E4%ZZ',
  'C#',
  'why?',
  'x?y=1&z=2#top',
  '教师😀成长',
  '研'.repeat(200),
  '<b>粗体</b> & "引号"',
  '  前后 有  空格 ',
];

test.describe('header search', () => {
  test('empty or blank text shows 请输入搜索关键词 and stays on the page', async ({ page }) => {
    await openPage(page, '/');
    for (const text of ['', '   ']) {
      const box = await openSearchBox(page);
      await box.fill(text);
      await box.press('Enter');
      await expect(siteHeader(page).getByRole('alert')).toHaveText(MESSAGES.searchRequired);
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/$/);
    }
    // The message goes as soon as the visitor types again.
    await siteHeader(page).getByRole('searchbox').pressSequentially('课');
    await expect(siteHeader(page).getByRole('alert')).toHaveCount(0);
  });

  test('a search for 课程 lands on its results, with the items of the reference API', async ({ page }) => {
    const errors = watchErrors(page);
    await openPage(page, '/');
    const answered = page.waitForResponse((response) => response.url().endsWith(API_PATHS.search));
    await searchFromHeader(page, '课程');
    await expect(page).toHaveURL(new RegExp(`${searchPath('课程')}$`));
    const body = (await (await answered).json()) as Envelope<SearchResult>;
    const { courses, experts } = body.data;
    expect(courses.total + experts.total).toBeGreaterThan(0);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“课程”的搜索结果');
    await expect(searchStatus(page)).toHaveText(`共找到 ${courses.total + experts.total} 条结果`);
    const courseGroup = resultGroup(page, '课程');
    await expect(courseGroup.getByRole('heading', { level: 2 })).toContainText(`${courses.total} 门`);
    await expect(courseGroup.getByRole('listitem')).toHaveCount(courses.list.length);
    await expect(courseGroup.getByRole('heading', { level: 3 })).toHaveText(courses.list.map((course) => course.title));
    const expertGroup = resultGroup(page, '专家');
    await expect(expertGroup.getByRole('heading', { level: 2 })).toContainText(`${experts.total} 位`);
    await expect(expertGroup.getByRole('listitem')).toHaveCount(experts.list.length);

    // Covers come from the API host and load.
    const { apiBaseUrl } = await servedRuntimeConfig(page);
    const cover = courseGroup.getByRole('listitem').first().locator('img');
    await expect(cover).toHaveAttribute('src', new URL(courses.list[0]?.cover ?? '', apiBaseUrl).href);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The box keeps the keyword while on its results.
    await expect(siteHeader(page).getByRole('searchbox')).toHaveValue('课程');
    expect(errors).toEqual([]);
  });

  for (const text of ODD_TEXTS) {
    test(`${JSON.stringify(text.length > 20 ? `${text.slice(0, 20)}…（${text.length} 个字）` : text)} round-trips exactly into the results page`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await openPage(page, '/');
      const sent = page.waitForRequest((request) => request.url().endsWith(API_PATHS.search));
      await searchFromHeader(page, text);
      expect(new URL(page.url()).pathname).toBe(searchPath(text));
      expect(await shownKeyword(page)).toBe(text);
      expect(new URLSearchParams((await sent).postData() ?? '').get('keyword')).toBe(text);
      await expect(siteHeader(page).getByRole('searchbox')).toHaveValue(text);

      // A reload reads the same keyword back from the address alone.
      await page.reload();
      expect(await shownKeyword(page)).toBe(text);
      expect(errors).toEqual([]);
    });
  }

  test('a keyword of HTML runs no script: <img src=x onerror=…> is shown as text', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.addInitScript(() => Object.assign(window, { __pwned: false }));
    await openPage(page, '/');
    for (const text of ['<img src=x onerror=alert(1)>', '<img src=x onerror="window.__pwned=true">', '<script>window.__pwned=true</script>']) {
      await searchFromHeader(page, text);
      // From the second keyword on, the previous results are still shown until the new route renders.
      await expect.poll(() => shownKeyword(page)).toBe(text);
      await expect(page.locator('.search-empty, .search-group').first()).toBeVisible();
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBe(false);
    }
    await openPage(page, `/search/${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    await expect(page.locator('.search-empty')).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBe(false);
    expect(dialogs).toEqual([]);
  });

  test('/search/%E4%ZZ shows the raw text as the keyword and never throws', async ({ page }) => {
    const thrown: string[] = [];
    page.on('pageerror', (error) => thrown.push(error.message));
    await openPage(page, '/search/%E4%ZZ');
    expect(await shownKeyword(page)).toBe('%E4%ZZ');
    await expect(page.locator('.search-empty')).toContainText('没有找到“%E4%ZZ”相关结果');
    expect(thrown).toEqual([]);
  });

  test('leaving the search pages clears the box', async ({ page }) => {
    await openPage(page, '/');
    await searchFromHeader(page, '心理');
    // On the search page before leaving it. Until it is shown, the box holds what was typed, and a Back meanwhile
    // returns to the page the header never left, where typed text stays (seen under .ci/one-core).
    expect(await shownKeyword(page)).toBe('心理');
    const box = siteHeader(page).getByRole('searchbox');
    await expect(box).toHaveValue('心理');
    await siteHeader(page).getByRole('link', { name: '文润教育首页' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(box).toHaveValue('');

    // With the browser's Back button too, and a text typed but not submitted.
    await searchFromHeader(page, '班主任');
    expect(await shownKeyword(page)).toBe('班主任');
    await expect(box).toHaveValue('班主任');
    await box.fill('还没提交的字');
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(box).toHaveValue('');
  });
});

test.describe('search results page', () => {
  // A search page rendered on the server asks the API nothing in the browser: what the browser shows while its own
  // search runs, or when it fails, is seen where the app renders the page (reached through its links).
  test('shows a loading state while the API answers', async ({ page }) => {
    const release = await holdRequests(page, `**${API_PATHS.search}`);
    await openClientRendered(page, searchPath('心理'));
    await expect(searchStatus(page)).toHaveText('正在搜索…');
    await expect(page.locator('.search-skeleton')).toBeVisible();
    release();
    await expect(resultGroup(page, '课程')).toBeVisible();
    await expect(page.locator('.search-skeleton')).toHaveCount(0);
  });

  test('an empty result says 没有找到 … 相关结果 and offers suggestions that search', async ({ page }) => {
    await openPage(page, searchPath('量子力学考古'));
    await expect(page.locator('.search-empty')).toContainText('没有找到“量子力学考古”相关结果');
    const empty = page.locator('.search-empty');
    await expect(empty.getByRole('link', { name: '精品课程' })).toHaveAttribute('href', '/about/3');
    await empty.getByRole('link', { name: '班主任' }).click();
    await expect(page).toHaveURL(new RegExp(`${searchPath('班主任')}$`));
    await expect(resultGroup(page, '课程').getByRole('listitem').first()).toBeVisible();
    await page.goBack();
    await empty.getByRole('button', { name: '联系在线客服' }).click();
    await expect(page.getByRole('dialog', { name: '在线客服' })).toBeVisible();
  });

  test('a failed search shows the error with 重试, which searches again', async ({ page }) => {
    let failures = 1;
    await page.route(`**${API_PATHS.search}`, (route) => (failures-- > 0 ? route.abort('connectionrefused') : route.continue()));
    await openClientRendered(page, searchPath('心理'));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('搜索没有完成');
    await expect(alert).toContainText(MESSAGES.network);
    await alert.getByRole('button', { name: '重试' }).click();
    await expect(resultGroup(page, '课程').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('an error answer of the API shows its message', async ({ page }) => {
    await page.route(`**${API_PATHS.search}`, (route) =>
      route.fulfill({ json: { header: { code: '500', codeMsg: '搜索服务维护中，请稍后再试' }, data: null } }),
    );
    await openClientRendered(page, searchPath('心理'));
    await expect(page.getByRole('alert')).toContainText('搜索服务维护中，请稍后再试');
  });

  test('each group pages on its own with the scope of that group', async ({ page }) => {
    await openPage(page, searchPath('教'));
    const courses = resultGroup(page, '课程');
    const pager = courses.getByRole('navigation', { name: '课程分页' });
    await expect(pager).toContainText('第 1 /');
    const firstPageTitles = await courses.getByRole('heading', { level: 3 }).allTextContents();
    const expertsBefore = await resultGroup(page, '专家').getByRole('heading', { level: 3 }).allTextContents();

    const sent = page.waitForRequest((request) => request.url().endsWith(API_PATHS.search));
    await pager.getByRole('button', { name: '下一页' }).click();
    const form = new URLSearchParams((await sent).postData() ?? '');
    expect(form.get('page')).toBe('2');
    expect(form.get('scope')).toBe('course');
    expect(form.get('keyword')).toBe('教');
    await expect(pager).toContainText('第 2 /');
    await expect(courses.getByRole('heading', { level: 2 })).toBeFocused();
    expect(await courses.getByRole('heading', { level: 3 }).allTextContents()).not.toEqual(firstPageTitles);
    expect(await resultGroup(page, '专家').getByRole('heading', { level: 3 }).allTextContents()).toEqual(
      expertsBefore,
    );

    await pager.getByRole('button', { name: '上一页' }).click();
    await expect(pager).toContainText('第 1 /');
    expect(await courses.getByRole('heading', { level: 3 }).allTextContents()).toEqual(firstPageTitles);
  });

  test('a keyword over 200 characters in the address is explained, not sent', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(API_PATHS.search)) sent.push(request.url());
    });
    await openPage(page, searchPath('研'.repeat(201)));
    await expect(page.getByRole('alert')).toContainText('不能超过200个字');
    expect(sent).toEqual([]);
  });
});
