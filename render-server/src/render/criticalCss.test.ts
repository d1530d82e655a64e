import { criticalCssFor } from './criticalCss';

describe('criticalCssFor', () => {
  it('keeps the rules that apply to the markup, from every stylesheet, and drops the rest', async () => {
    const critical = criticalCssFor(
      new Map([
        ['/main.css', '.hero{color:red}.modal{display:none}@media (max-width:600px){.hero{color:blue}.other{margin:0}}'],
        ['http://localhost:3001/header.css', '.site-header a:hover{color:green}.unused{color:black}'],
      ]),
    );
    const css = await critical('<div class="hero"></div><header class="site-header"><a href="/">首页</a></header>');
    expect(css).toContain('.hero{color:red}');
    expect(css).toContain('@media (max-width:600px){.hero{color:blue}}');
    expect(css).toContain('.site-header a:hover{color:green}');
    expect(css).not.toContain('.modal');
    expect(css).not.toContain('.unused');
    expect(css).not.toContain('.other');
  });
});
