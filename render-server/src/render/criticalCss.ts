import Beasties from 'beasties';
import { LRUCache } from 'lru-cache';
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
 * What decides which rules apply to markup, nearly always: its element names, classes, ids and attribute names.
 * Pages of one kind (search results for different words, different activities) share it, and share their
 * critical CSS: Beasties, which parses every stylesheet on each call, runs once per kind of page.
 */
function shapeOf(markup: string): string {
  const tokens = new Set<string>();
  for (const [, tag, attributes = ''] of markup.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    tokens.add(`<${tag}`);
    for (const [, name, value = ''] of attributes.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
      if (name === 'class') for (const name of value.split(/\s+/)) tokens.add(`.${name}`);
      else if (name === 'id') tokens.add(`#${value}`);
      else tokens.add(`[${name}`);
    }
  }
  return [...tokens].sort().join(' ');
}

/**
 * The rules of the site's stylesheets that apply to something in `markup` (Beasties: critical CSS without a
 * browser), so a page paints right before any stylesheet has loaded. The app loads the full stylesheets with its
 * chunks; rules for what only appears later (dialogs, menus) come with them.
 */
export function criticalCssFor(sheets: Stylesheets): (markup: string) => Promise<string> {
  const beasties = new SiteBeasties(sheets);
  const links = [...sheets.keys()].map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  const byShape = new LRUCache<string, string>({ max: 500 });
  return async (markup) => {
    const shape = shapeOf(markup);
    const known = byShape.get(shape);
    if (known !== undefined) return known;
    const processed = await beasties.process(`<!doctype html><html><head>${links}</head><body>${markup}</body></html>`);
    const css = [...processed.matchAll(STYLE)].map((match) => match[1] ?? '').join('');
    byShape.set(shape, css);
    return css;
  };
}
