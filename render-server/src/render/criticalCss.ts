import Beasties from 'beasties';
import type { Stylesheets } from './stylesheets';

/** Beasties reading the site's stylesheets from memory, by the address a page names them with. */
class SiteBeasties extends Beasties {
  constructor(private readonly sheets: Stylesheets) {
    super({ logLevel: 'silent', reduceInlineStyles: false, mergeStylesheets: true, compress: true, pruneSource: false });
  }

  override getCssAsset(href: string): string | undefined {
    return this.sheets.get(href);
  }
}

const STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

/**
 * The rules of the site's stylesheets that apply to something in `markup` (Beasties: critical CSS without a
 * browser), so a page paints right before any stylesheet has loaded. The app loads the full stylesheets with its
 * chunks; rules for what only appears later (dialogs, menus) come with them.
 */
export function criticalCssFor(sheets: Stylesheets): (markup: string) => Promise<string> {
  const beasties = new SiteBeasties(sheets);
  const links = [...sheets.keys()].map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  return async (markup) => {
    const processed = await beasties.process(`<!doctype html><html><head>${links}</head><body>${markup}</body></html>`);
    return [...processed.matchAll(STYLE)].map((match) => match[1] ?? '').join('');
  };
}
