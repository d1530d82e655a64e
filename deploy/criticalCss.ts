/**
 * Runs inside the rendered page (page.evaluate): the CSS rules of every stylesheet of the page that apply to
 * something in it, so the prerendered HTML can carry them inline and paint right without waiting for CSS from
 * four origins. Media queries are kept whole (a phone needs its rules too); hover and focus states are kept
 * for elements that exist.
 *
 * Self-contained on purpose: Playwright sends this function's source to the page.
 */
export async function extractCriticalCss(): Promise<string> {
  const texts: string[] = [];
  for (const link of Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))) {
    try {
      texts.push(await (await fetch(link.href)).text());
    } catch {
      // A stylesheet that cannot be read is loaded by the app itself later.
    }
  }
  for (const style of Array.from(document.querySelectorAll('style'))) texts.push(style.textContent ?? '');

  const applies = (selectorText: string): boolean =>
    selectorText.split(',').some((selector) => {
      const structural = selector.replace(/::?[a-zA-Z-]+(\([^)]*\))?/g, '').trim() || '*';
      try {
        return document.querySelector(structural) !== null;
      } catch {
        return false;
      }
    });

  const keep = (rules: CSSRuleList): string[] => {
    const kept: string[] = [];
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) {
        if (applies(rule.selectorText)) kept.push(rule.cssText);
      } else if (rule instanceof CSSMediaRule) {
        const inner = keep(rule.cssRules);
        if (inner.length) kept.push(`@media ${rule.conditionText}{${inner.join('')}}`);
      } else if (rule instanceof CSSSupportsRule) {
        const inner = keep(rule.cssRules);
        if (inner.length) kept.push(`@supports ${rule.conditionText}{${inner.join('')}}`);
      } else if (rule instanceof CSSKeyframesRule) {
        kept.push(rule.cssText);
      }
    }
    return kept;
  };

  const css: string[] = [];
  for (const text of texts) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    css.push(...keep(sheet.cssRules));
  }
  return [...new Set(css)].join('\n');
}
