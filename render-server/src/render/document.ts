import { PAGE_STATE_ID, SITE_IMAGE, type PageHead, type PageState, type RuntimeConfig } from '@wenrun/shared/node';
import { startAppAfterFirstPaint } from './appStart';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON that cannot end its `<script>` element early (nor be read as HTML by an old parser). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface DocumentParts {
  /** The shell's client-rendered page (app.html): its scripts and the root element. */
  template: string;
  head: PageHead;
  /** The organisation and the page's own structured data. */
  jsonLd: object[];
  config: RuntimeConfig;
  siteUrl: string;
  criticalCss: string;
  markup: string;
  state: PageState;
}

function headTags({ head, jsonLd, config, siteUrl }: DocumentParts): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const canonical = `${siteUrl}${head.canonicalPath}`;
  const image = head.image ?? SITE_IMAGE;
  const imageUrl = `${siteUrl}${image.path}`;
  return [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', 'zh_CN'),
    meta('property', 'og:site_name', config.contact.company),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', imageUrl),
    meta('name', 'twitter:image:alt', image.alt),
    ...jsonLd.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ].join('');
}

/**
 * The page as sent: the shell's client page with the rendered head, critical CSS, markup and state, its app
 * started after the first paint (`appStart.ts`). The state is `application/json`, data the browser never runs;
 * the one inline script is the app's loader, whose hash the CSP names.
 */
export function buildDocument(parts: DocumentParts): string {
  const { template, head } = parts;
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`app.html 没有 ${root}`);
  // Replacement functions, not strings: the markup may hold `$&` and the like.
  return startAppAfterFirstPaint(template)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace('</head>', () => `${headTags(parts)}<style data-critical>${parts.criticalCss.replace(/<\/style/gi, '<\\/style')}</style></head>`)
    // The page reads fine without JavaScript; the template's warning would be wrong.
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      root,
      () =>
        `<div id="root">${parts.markup}</div><script type="application/json" id="${PAGE_STATE_ID}">${jsonForScript(parts.state)}</script>`,
    );
}
