import { expect } from '@playwright/test';
import { MESSAGE_FORM_TEXT } from '@wenrun/remote-about/message/texts';
import { storedMessages } from '../support/about-page';
import { maskedMobile, unusedMobile } from '../support/login-modal';
import type { Target } from '../support/visitor-page';
import { mainHeading, openWithLiveHeader, waitForLive, type VisitorFlow } from './flow';

const aboutTabs = 'header.site-header nav[aria-label="关于我们栏目"]';
const messageForm = 'form[aria-label="合作留言表单"]';
const messageField = (label: '姓名' | '手机号' | '留言内容'): Target => ({ css: `${messageForm} input, ${messageForm} textarea`, name: label });

export const ABOUT_FLOWS: VisitorFlow[] = [
  {
    name: 'about tabs: a tab moves to its section in the same document, marks it and retitles the page',
    run: async (page) => {
      await openWithLiveHeader(page, '/about/1');
      await expect.poll(() => mainHeading(page)).toEqual(['公司简介']);
      await page.evaluate(() => {
        Object.assign(window, { __sameDocument: true });
      });
      await page.click({ css: `${aboutTabs} a`, name: '智慧云' });
      await expect.poll(async () => (await page.url()).pathname).toBe('/about/4');
      await expect.poll(() => mainHeading(page)).toEqual(['智慧云']);
      expect(await page.texts({ css: `${aboutTabs} [aria-current="page"]` })).toEqual(['智慧云']);
      await expect.poll(() => page.evaluate(() => document.title)).toMatch(/^智慧云 - /);
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    },
  },
  {
    name: 'message form (about 6): a cooperation message is sent, thanked for, and stored by the API',
    run: async (page, { request }) => {
      const visitor = { name: `${page.engine}老师`, phone: unusedMobile(), message: `想了解校本研修合作（${page.engine}，${Date.now()}）` };
      await page.goto('/about/6');
      await waitForLive(page, { css: messageForm });
      await page.fill(messageField('姓名'), visitor.name);
      await page.fill(messageField('手机号'), visitor.phone);
      await page.fill(messageField('留言内容'), visitor.message);
      await page.click({ css: `${messageForm} button[type="submit"]`, name: '提交留言' });

      const thanks = { css: 'article.about-page .message-sent[role="status"]' };
      await expect.poll(() => page.texts(thanks)).toEqual([expect.stringContaining(MESSAGE_FORM_TEXT.sentTitle)]);
      expect((await page.texts(thanks))[0]).toContain(maskedMobile(visitor.phone));
      expect(await storedMessages(request, visitor.phone)).toContainEqual(expect.objectContaining(visitor));
    },
  },
];
