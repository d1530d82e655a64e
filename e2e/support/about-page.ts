import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, API_PORT, type CourseList, type Envelope } from '@wenrun/shared/node';
import { waitForLive } from './site';

export const API_ORIGIN = `http://localhost:${API_PORT}`;

/** The paths of the about issue's check and the section each must show (docs/SPEC.md §2: the last character). */
export const ABOUT_PATH_CASES: [path: string, section: number][] = [
  ['/about', 1],
  ['/about/1', 1],
  ['/about/2', 2],
  ['/about/3', 3],
  ['/about/4', 4],
  ['/about/5', 5],
  ['/about/6', 6],
  ['/about/abc5', 5],
  ['/about/9', 1],
];

/** The about remote's section body (the shell's main area holds it). */
export const aboutArticle = (page: Page) => page.locator('article.about-page');

/** The about header's tab that is marked as the current page. */
export const activeAboutTab = (page: Page) =>
  page.locator('header.site-header').getByRole('navigation', { name: '关于我们' }).locator('[aria-current="page"]');

export const courseCards = (page: Page) => aboutArticle(page).locator('.course-grid > li.course-card:not(.course-card--skeleton)');

export const messageForm = (page: Page) => page.getByRole('form', { name: '合作留言表单' });

export interface MessageValues {
  name: string;
  phone: string;
  message: string;
}

export const waitForLiveForm = (page: Page) => waitForLive(messageForm(page));
export const waitForLivePage = (page: Page) => waitForLive(aboutArticle(page));

export async function fillMessage(page: Page, values: Partial<MessageValues>): Promise<void> {
  const form = messageForm(page);
  if (values.name !== undefined) await form.getByLabel('姓名').fill(values.name);
  if (values.phone !== undefined) await form.getByLabel('手机号').fill(values.phone);
  if (values.message !== undefined) await form.getByLabel('留言内容').fill(values.message);
}

export async function expectMessageFields(page: Page, values: MessageValues): Promise<void> {
  const form = messageForm(page);
  await expect(form.getByLabel('姓名')).toHaveValue(values.name);
  await expect(form.getByLabel('手机号')).toHaveValue(values.phone);
  await expect(form.getByLabel('留言内容')).toHaveValue(values.message);
}

/** One page of the course list straight from the reference API, to compare with what the page shows. */
export async function coursesFromApi(
  request: APIRequestContext,
  query: { page: number; pageSize: number; category?: string },
): Promise<CourseList> {
  const form: Record<string, string> = { page: String(query.page), pageSize: String(query.pageSize) };
  if (query.category) form.category = query.category;
  const response = await request.post(`${API_ORIGIN}${API_PATHS.courseList}`, { form });
  const body = (await response.json()) as Envelope<CourseList>;
  return body.data;
}

/** What the reference API stored from the message form (dev-only endpoint, on in the test server). */
export async function storedMessages(request: APIRequestContext, phone: string): Promise<MessageValues[]> {
  const response = await request.get(`${API_ORIGIN}/__dev/messages`, { params: { phone } });
  const body = (await response.json()) as Envelope<{ list: MessageValues[] }>;
  return body.data.list;
}

/**
 * Makes the next call to `path` answer with a non-200 envelope (as a real server does: HTTP 200, the failure in
 * the header), then lets the following calls through to the server. Returns how many calls were seen.
 */
export async function failNextCall(page: Page, path: string, codeMsg: string): Promise<() => number> {
  let calls = 0;
  await page.route(`${API_ORIGIN}${path}`, async (route) => {
    calls += 1;
    if (calls > 1) return route.continue();
    return route.fulfill({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      headers: { 'Access-Control-Allow-Origin': route.request().headers().origin ?? '*' },
      body: JSON.stringify({ header: { code: '500', codeMsg }, data: null }),
    });
  });
  return () => calls;
}

