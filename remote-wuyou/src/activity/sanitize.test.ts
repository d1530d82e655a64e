import { sanitizeActivityAnswer, sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps the text and simple formatting', () => {
    expect(sanitizeHtml('<p>欢迎<strong>各位老师</strong></p>')).toBe('<p>欢迎<strong>各位老师</strong></p>');
  });

  it.each([
    ['<p>前<script>window.__pwned=1</script>后</p>', '<p>前后</p>'],
    ['<img src=x onerror="window.__pwned=1"><p>图</p>', '<p>图</p>'],
    ['<p onclick="window.__pwned=1">点</p>', '<p>点</p>'],
    ['<svg onload="window.__pwned=1"><circle r="1"/></svg><p>矢量</p>', '<p>矢量</p>'],
    ['<iframe src="javascript:window.__pwned=1"></iframe><p>框</p>', '<p>框</p>'],
    ['<p style="background:url(javascript:x)">样式</p>', '<p>样式</p>'],
    ['<form action="javascript:x"><button>提交</button></form>', '提交'],
    ['<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=1">', ''],
  ])('removes what could run: %s', (html, safe) => {
    expect(sanitizeHtml(html)).toBe(safe);
  });

  it.each([
    'javascript:window.__pwned=1',
    'JaVaScRiPt:window.__pwned=1',
    ' javascript:x',
    'java&#x09;script:x',
    'vbscript:x',
    'data:text/html,<script>x</script>',
  ])('drops the link target %p but keeps the words', (href) => {
    const safe = sanitizeHtml(`<a href="${href}">报名</a>`);
    expect(safe).not.toMatch(/href/);
    expect(safe).toContain('报名');
  });

  it('opens real links in a new tab without an opener', () => {
    expect(sanitizeHtml('<a href="https://www.example.cn/">官网</a>')).toBe(
      '<a href="https://www.example.cn/" target="_blank" rel="noopener noreferrer">官网</a>',
    );
  });
});

describe('sanitizeActivityAnswer', () => {
  it('sanitises the HTML of every text block and leaves the rest as the API sent it', () => {
    const image = { type: 'image', src: '/a.png', alt: '<b>图</b>', width: 1, height: 1 };
    const answer = {
      title: '<script>标题</script>',
      blocks: [{ type: 'text', title: '简介', html: '<p>文</p><script>window.__pwned=1</script>' }, image, { type: 'text', html: 3 }],
    };
    expect(sanitizeActivityAnswer(answer)).toEqual({
      title: '<script>标题</script>',
      blocks: [{ type: 'text', title: '简介', html: '<p>文</p>' }, image, { type: 'text', html: 3 }],
    });
  });

  it.each([null, 'text', [], { title: '无正文' }, { blocks: 'none' }])('passes %p on to the parser unchanged', (answer) => {
    expect(sanitizeActivityAnswer(answer)).toBe(answer);
  });
});
