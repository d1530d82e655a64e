import { sanitizeHtml } from './sanitize';
import { isActivityId } from './useActivity';

describe('sanitizeHtml', () => {
  it('keeps the text and simple formatting', () => {
    expect(sanitizeHtml('<p>欢迎<strong>各位老师</strong></p>')).toBe('<p>欢迎<strong>各位老师</strong></p>');
  });

  it.each([
    ['<p>前<script>window.__pwned=1</script>后</p>', '<p>前后</p>'],
    ['<img src=x onerror="window.__pwned=1"><p>图</p>', '<p>图</p>'],
    ['<p onclick="window.__pwned=1">点</p>', '<p>点</p>'],
  ])('removes what could run: %s', (html, safe) => {
    expect(sanitizeHtml(html)).toBe(safe);
  });

  it('drops javascript: links and opens real links in a new tab without an opener', () => {
    const bad = sanitizeHtml('<a href="javascript:window.__pwned=1">报名</a>');
    expect(bad).not.toContain('javascript:');
    expect(bad).toContain('报名');
    expect(sanitizeHtml('<a href="https://www.example.cn/">官网</a>')).toBe(
      '<a href="https://www.example.cn/" target="_blank" rel="noopener noreferrer">官网</a>',
    );
  });
});

describe('isActivityId', () => {
  it.each(['1', '5', '999'])('accepts %p', (id) => expect(isActivityId(id)).toBe(true));
  it.each(['', '0', 'abc', '1.5', '-1', '01', '1 ', '12345678901'])('rejects %p', (id) => expect(isActivityId(id)).toBe(false));
});
