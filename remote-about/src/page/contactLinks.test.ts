import { DEFAULT_RUNTIME_CONFIG } from '@wenrun/shared';
import { mailtoHref, telHref } from './contactLinks';

describe('contact links', () => {
  it('dials the digits of a hotline written for people', () => {
    expect(telHref('400-000-0000（演示号码）')).toBe('tel:4000000000');
    expect(telHref('+86 10 6255 0000')).toBe('tel:+861062550000');
    expect(telHref(DEFAULT_RUNTIME_CONFIG.contact.hotline)).toMatch(/^tel:\d+$/);
  });

  it('gives no link when there is nothing to dial', () => {
    expect(telHref('请致电客服')).toBeNull();
    expect(telHref('12')).toBeNull();
  });

  it('mails the address inside a text', () => {
    expect(mailtoHref('service@example.com（演示邮箱）')).toBe('mailto:service@example.com');
    expect(mailtoHref('暂无邮箱')).toBeNull();
  });
});
