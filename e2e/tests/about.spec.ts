import { expect, test, type Page } from '@playwright/test';
import {
  ABOUT_SECTIONS,
  API_PATHS,
  MESSAGE_CONTENT_MAX,
  MESSAGE_NAME_MAX,
  MESSAGES,
  REMOTE_PARTS,
} from '@wenrun/shared/node';
import { MESSAGE_FORM_TEXT } from '@wenrun/remote-about/message/texts';
import {
  ABOUT_PATH_CASES,
  aboutArticle,
  activeAboutTab,
  API_ORIGIN,
  courseCards,
  coursesFromApi,
  expectMessageFields,
  failNextCall,
  fillMessage,
  messageForm,
  storedMessages,
  waitForLiveForm,
  waitForLivePage,
} from '../support/about-page';
import { holdRequests, watchErrors } from '../support/site';

const titleOf = (key: number) => ABOUT_SECTIONS.find((section) => section.key === key)?.title ?? '';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const courseSummary = (page: Page) => aboutArticle(page).locator('.course-catalog__summary');

test.describe('about: the section comes from the last character of the path', () => {
  for (const [path, key] of ABOUT_PATH_CASES) {
    test(`${path} shows ${titleOf(key)} with its tab marked`, async ({ page }) => {
      await page.goto(path);
      await expect(heading(page)).toHaveText(titleOf(key));
      await expect(activeAboutTab(page)).toHaveText(titleOf(key));
      await expect(page).toHaveTitle(new RegExp(`^${titleOf(key)} - `));
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }
});

test('about: switching sections stays in the page, starts at the top and retitles the document', async ({ page }) => {
  await page.goto('/about/1');
  await waitForLivePage(page);
  await expect(heading(page)).toHaveText('公司简介');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  await page.locator('header.site-header').getByRole('link', { name: '智慧云', exact: true }).click();
  await expect(heading(page)).toHaveText('智慧云');
  await expect(page).toHaveURL(/\/about\/4$/);
  await expect(page).toHaveTitle(/^智慧云 - /);
  await expect(activeAboutTab(page)).toHaveText('智慧云');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(heading(page)).toHaveText('公司简介');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('about 3: the courses of the reference API, by category and by page', async ({ page, request }) => {
  await page.goto('/about/3');
  await waitForLivePage(page);
  await expect(courseSummary(page)).toContainText('门课程');
  const shown = await courseCards(page).count();
  const first = await coursesFromApi(request, { page: 1, pageSize: shown });
  expect(shown).toBeGreaterThan(0);
  await expect(courseCards(page).locator('h3')).toHaveText(first.list.map((course) => course.title));
  await expect(courseSummary(page)).toContainText(`共 ${first.total} 门课程`);
  // The first row's covers are real images from the API, sized before they arrive.
  const cover = courseCards(page).first().locator('img');
  await expect(cover).toHaveAttribute('width', '480');
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  const filter = aboutArticle(page).getByRole('navigation', { name: '课程分类' });
  await expect(filter.getByRole('link')).toHaveText(['全部', ...first.categories]);
  const category = first.categories[1] ?? '';
  await filter.getByRole('link', { name: category, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?category=${encodeURIComponent(category)}$`));
  const inCategory = await coursesFromApi(request, { page: 1, pageSize: shown, category });
  await expect(courseCards(page).locator('h3')).toHaveText(inCategory.list.map((course) => course.title));
  await expect(courseCards(page).locator('.course-card__category')).toHaveText(inCategory.list.map(() => category));

  await filter.getByRole('link', { name: '全部', exact: true }).click();
  await aboutArticle(page).getByRole('navigation', { name: '课程分页' }).getByRole('link', { name: '下一页' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  const second = await coursesFromApi(request, { page: 2, pageSize: shown });
  await expect(courseCards(page).locator('h3')).toHaveText(second.list.map((course) => course.title));
  await expect(page.getByRole('heading', { level: 2, name: '课程列表' })).toBeFocused();
});

// Page 2: page 1 is rendered at build with the list it shows.
test('about 3: a non-200 envelope shows its message, and the retry works', async ({ page }) => {
  const calls = await failNextCall(page, API_PATHS.courseList, '课程服务暂时不可用');
  await page.goto('/about/3?page=2');
  const alert = aboutArticle(page).getByRole('alert');
  await expect(alert).toContainText('课程服务暂时不可用');
  await expect(courseCards(page)).toHaveCount(0);

  await alert.getByRole('button', { name: '重试' }).click();
  await expect(courseCards(page).first()).toBeVisible();
  await expect(alert).toBeHidden();
  expect(calls()).toBe(2);
});

test('about 6: each validation message sits next to its field; the first field to fix takes the focus', async ({ page }) => {
  await page.goto('/about/6');
  await waitForLiveForm(page);
  const form = messageForm(page);
  await form.getByRole('button', { name: '提交留言' }).click();
  await expect(form.getByLabel('姓名')).toHaveAccessibleDescription(MESSAGES.nameRequired);
  await expect(form.getByLabel('手机号')).toHaveAccessibleDescription(MESSAGES.invalidMobile);
  await expect(form.getByLabel('留言内容')).toHaveAccessibleDescription(new RegExp(MESSAGES.messageRequired));
  await expect(form.getByLabel('姓名')).toBeFocused();

  await fillMessage(page, { name: '张老师', phone: '1234567' });
  await form.getByRole('button', { name: '提交留言' }).click();
  await expect(form.getByLabel('手机号')).toBeFocused();
  await expect(form.getByText(MESSAGES.invalidMobile)).toBeVisible();
  await expect(form.getByText(MESSAGES.nameRequired)).toBeHidden();

  await fillMessage(page, {
    phone: '13912345678',
    name: '名'.repeat(MESSAGE_NAME_MAX + 1),
    message: '字'.repeat(MESSAGE_CONTENT_MAX + 1),
  });
  await expect(form.getByText(`${MESSAGE_CONTENT_MAX + 1} / ${MESSAGE_CONTENT_MAX}`)).toBeVisible();
  await form.getByRole('button', { name: '提交留言' }).click();
  await expect(form.getByText(MESSAGES.nameTooLong)).toBeVisible();
  await expect(form.getByText(MESSAGES.messageTooLong)).toBeVisible();
  await expect(form.getByLabel('姓名')).toBeFocused();
});

test('about 6: a message is sent once, stored by the reference API, and the draft is gone', async ({ page, request }) => {
  const visitor = { name: '周老师', phone: '13712340001', message: `想了解校本研修合作（${Date.now()}）` };
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.url() === `${API_ORIGIN}${API_PATHS.message}`) sent.push(req.postData() ?? '');
  });
  // A slow server, answering only once the visitor has tried to send again: they see the send in progress and
  // cannot send twice.
  const answer = await holdRequests(page, `${API_ORIGIN}${API_PATHS.message}`);
  await page.goto('/about/6');
  await waitForLiveForm(page);
  await fillMessage(page, visitor);
  const submit = messageForm(page).getByRole('button', { name: '提交留言' });
  await submit.click();
  await expect(submit).toBeDisabled();
  await messageForm(page).getByLabel('姓名').press('Enter');
  answer();

  const thanks = aboutArticle(page).getByRole('status').filter({ hasText: MESSAGE_FORM_TEXT.sentTitle });
  await expect(thanks).toBeVisible();
  await expect(thanks).toContainText('137****0001');
  expect(sent).toHaveLength(1);
  expect(new URLSearchParams(sent[0]).get('message')).toBe(visitor.message);

  const stored = await storedMessages(request, visitor.phone);
  expect(stored).toContainEqual(expect.objectContaining(visitor));

  await page.reload();
  await waitForLiveForm(page);
  await expectMessageFields(page, { name: '', phone: '', message: '' });
});

// The page arrives rendered by the server; until the about remote is loaded its form has no handlers. What the
// visitor types meanwhile must be in the form, and in its draft, once the page is live.
test('about 6: what a visitor types into the server-rendered page before it comes alive is kept', async ({ page }) => {
  const visitor = { name: '郑老师', phone: '13512340003', message: '在页面加载完之前就写好的留言' };
  // The visitor types into the lifeless copy while the about remote is still on its way.
  const release = await holdRequests(page, `http://localhost:${REMOTE_PARTS.about.port}/**`);

  await page.goto('/about/6', { waitUntil: 'domcontentloaded' });
  await fillMessage(page, visitor);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  release();

  await waitForLiveForm(page);
  await expectMessageFields(page, visitor);
  // Taken into the draft store, so it also survives a reload.
  await page.reload();
  await waitForLiveForm(page);
  await expectMessageFields(page, visitor);
});

test('about 6: a failed send keeps every field, and a draft survives a reload', async ({ page, request }) => {
  const visitor = { name: '吴老师', phone: '13612340002', message: `区域研训合作咨询（${Date.now()}）` };
  await failNextCall(page, API_PATHS.message, '留言服务暂时不可用');
  await page.goto('/about/6');
  await waitForLiveForm(page);
  await fillMessage(page, visitor);
  await messageForm(page).getByRole('button', { name: '提交留言' }).click();

  const alert = messageForm(page).getByRole('alert');
  await expect(alert).toContainText(MESSAGE_FORM_TEXT.failedTitle);
  await expect(alert).toContainText('留言服务暂时不可用');
  await expectMessageFields(page, visitor);
  // Nothing of this message was stored (other runs of this test may have stored theirs under the same phone).
  expect((await storedMessages(request, visitor.phone)).filter((stored) => stored.message === visitor.message)).toEqual([]);

  await page.reload();
  await waitForLiveForm(page);
  await expect(messageForm(page).getByText(MESSAGE_FORM_TEXT.restoredDraft)).toBeVisible();
  await expectMessageFields(page, visitor);

  await messageForm(page).getByRole('button', { name: '提交留言' }).click();
  await expect(aboutArticle(page).getByText(MESSAGE_FORM_TEXT.sentTitle)).toBeVisible();
  expect(await storedMessages(request, visitor.phone)).toContainEqual(expect.objectContaining(visitor));
});

test('about: every section fits a 375 px phone, loads only from our own hosts, and logs no error', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const errors = watchErrors(page);
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol !== 'data:' && url.hostname !== 'localhost') foreign.push(req.url());
  });
  for (const { key, title } of ABOUT_SECTIONS) {
    await page.goto(`/about/${key}`);
    await expect(heading(page)).toHaveText(title);
    if (key === 3) await expect(courseCards(page).first()).toBeVisible();
    if (key === 6) await expect(messageForm(page)).toBeVisible();
    const hero = aboutArticle(page).locator('.about-hero__image');
    await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), title).toBeLessThanOrEqual(0);
  }
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});
