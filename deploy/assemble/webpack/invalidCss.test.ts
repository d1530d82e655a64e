import postcss from 'postcss';
import { unknownPseudoClass, whyInvalidDeclaration, withoutInvalidCss } from './invalidCss';

async function cleaned(css: string): Promise<string> {
  return (await postcss([withoutInvalidCss()]).process(css, { from: undefined })).css;
}

describe('what no browser applies', () => {
  // Each as Semantic UI 2.5's stylesheets write it.
  it.each([
    ['will-change', "''"],
    ['background-image', "''"],
    ['box-shadow', "''"],
    ['padding', "''"],
    ['box-shadow', '0 0 0 1px transparent inset,none'],
    ['box-shadow', '0 0 0 1px rgba(34,36,38,.35) inset,0 0 0 0 rgba(34,36,38,.15) inset inset'],
    ['box-shadow', '1px solid rgba(34,36,38,.15)'],
    ['border-width', 'none'],
    ['align-self', 'top'],
    ['text-transform', 'normal'],
    ['tap-highlight-color', 'rgba(255,255,255,0)'],
    ['left', 'calc(--.05rem - 1.2em)'],
  ])('%s: %s is invalid', (property, value) => {
    expect(whyInvalidDeclaration(property, value)).toEqual(expect.any(String));
  });

  it.each([
    ['-webkit-tap-highlight-color', 'transparent'],
    ['-webkit-user-select', 'none'],
    ['-ms-filter', 'alpha(opacity=50)'],
    ['will-change', 'transform,opacity'],
    ['box-shadow', '0 0 0 1px transparent inset,0 0 0 0 rgba(34,36,38,.15) inset'],
    ['box-shadow', 'none'],
    ['text-shadow', 'none'],
    ['left', 'calc(100% + -.05rem + 1.2em)'],
    ['width', 'calc(100% - 2em)'],
    ['transform', 'rotate(calc(pi * 1rad))'],
    ['color', 'var(--accent)'],
    ['--accent', "''"],
  ])('%s: %s stays', (property, value) => {
    expect(whyInvalidDeclaration(property, value)).toBeUndefined();
  });

  it('knows the standard pseudo-classes, CSS 2’s one-colon pseudo-elements and an engine’s own', () => {
    for (const selector of ['a:hover', '.x:not(.y):first-child', 'li:nth-child(2n)', '.x:before', '.x::after', 'button:-moz-focusring', '.x::-webkit-scrollbar-thumb:hover', 'input:-webkit-autofill']) {
      expect(unknownPseudoClass(selector)).toBeUndefined();
    }
    expect(unknownPseudoClass('.ui.labels a.active.label:ActiveHover:before')).toBe('ActiveHover');
    expect(unknownPseudoClass('.ui.dimmer::-webkit-scrollbar-thumb:window-inactive')).toBe('window-inactive');
  });

  it('drops those declarations and rules, and nothing else: !important, at-rules’ descriptors and keyframes included', async () => {
    const css = [
      ".ui.button{cursor:pointer;will-change:'';-webkit-tap-highlight-color:transparent}",
      ".ui.button:focus{background-image:''!important;box-shadow:''!important;color:#000c}",
      '.ui.labels a.active.label:ActiveHover:before,a.ui.active.label:ActiveHover:before{color:red}',
      '@font-face{font-family:x;src:url(x.woff2) format("woff2")}',
      '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(360deg)}}',
      '@media only screen and (max-width:767px){.ui.form{tap-highlight-color:rgba(255,255,255,0);width:100%}}',
    ].join('');
    expect(await cleaned(css)).toBe(
      [
        '.ui.button{cursor:pointer;-webkit-tap-highlight-color:transparent}',
        '.ui.button:focus{color:#000c}',
        '@font-face{font-family:x;src:url(x.woff2) format("woff2")}',
        '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(360deg)}}',
        '@media only screen and (max-width:767px){.ui.form{width:100%}}',
      ].join(''),
    );
  });
});
