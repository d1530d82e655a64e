import { withPreloadHints } from './preloadHints';

const PAGE = '<html><head><title>文润教育</title><script defer src="/main.1a2b3c4d.js"></script></head><body></body></html>';

describe('preload hints in the shell pages', () => {
  test('one link per file before </head>, scripts as script and stylesheets as style', () => {
    const html = withPreloadHints(PAGE, ['903.aaaaaaaa.js', '340.bbbbbbbb.css']);
    expect(html).toContain(
      '<link rel="preload" href="/903.aaaaaaaa.js" as="script" data-entry-preload><link rel="preload" href="/340.bbbbbbbb.css" as="style" data-entry-preload></head>',
    );
  });

  test('running again replaces the earlier links instead of adding to them', () => {
    const once = withPreloadHints(PAGE, ['903.aaaaaaaa.js']);
    const again = withPreloadHints(once, ['903.cccccccc.js']);
    expect(again).not.toContain('903.aaaaaaaa.js');
    expect(again.match(/data-entry-preload/g)).toHaveLength(1);
  });
});
