/** Assembling a prerendered page from the shell's client page and what the render produced. */
import { writeFileAtomically } from './atomicFile';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  image?: string;
  siteName?: string;
  jsonLd?: object[];
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON that cannot end its `<script>` element early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function headTags(head: PageHead): string {
  const meta = (attribute: string, key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    ...(head.siteName ? [meta('property', 'og:site_name', head.siteName)] : []),
    ...(head.image ? [meta('property', 'og:image', head.image), meta('name', 'twitter:card', 'summary_large_image')] : []),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ].join('\n');
}

export interface PageParts {
  /** The shell's client page (app.html). */
  template: string;
  head: PageHead;
  criticalCss: string;
  markup: string;
  dataScript: string;
}

export function buildPage(parts: PageParts): string {
  const { template, head } = parts;
  const replaced = template
        // Replacement functions, not strings: the markup may hold `$&` and the like.
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace('</head>', () => `${headTags(head)}\n<style data-prerendered>${parts.criticalCss.replace(/<\/style/gi, '<\\/style')}</style>\n</head>`)
    // The page reads fine without JavaScript now; the warning would be wrong.
    .replace(/<noscript>[\s\S]*?<\/noscript>\n?/, '')
    .replace('<div id="root"></div>', () => `<div id="root">${parts.markup}</div>\n${parts.dataScript}`);
  if (!replaced.includes(parts.dataScript)) throw new Error('app.html 没有 <div id="root"></div>');
  return replaced;
}

/** Written while the folder may be served (remote-wuyou's deploy renders into the live shell): atomically. */
export function writePage(file: string, parts: PageParts): void {
  writeFileAtomically(file, buildPage(parts));
}
