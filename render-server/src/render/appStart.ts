import { createHash } from 'node:crypto';
import { EARLY_TAP_CAPTURE } from '@wenrun/shell/taps/earlyTaps';

/**
 * How a page rendered by the server starts its app: after the browser has shown the page, never before.
 *
 * The page is whole without JavaScript (its markup, critical CSS and data are in the HTML), so its first paint
 * needs none of the app. A deferred `<script>` may still run before that paint when it arrives fast (a warm cache,
 * a fast link): the paint then waits for the federation runtime to be evaluated, and Lighthouse's simulation,
 * which keeps in the paint's graph every script that ran before it, charges the page another round trip and
 * 24 KB on slow 4G (BENCHMARKS.md, "Why LCP moves"). So the app's scripts are preloaded (fetched as early as
 * before) and run from `APP_START_SCRIPT` once the first contentful paint is reported. A browser without paint
 * timing, or a tab that is hidden and so never paints, starts the app after `START_AT_LATEST_MS` instead.
 *
 * The client-rendered page (`app.html`) keeps its deferred script: it has nothing to paint before the app.
 */
export const START_AT_LATEST_MS = 2000;

/** Marks the preloads of the scripts the loader runs, in document order. */
const APP_SCRIPT_ATTRIBUTE = 'data-app-script';

/**
 * The one inline script of the site. Its text is fixed (it reads the script URLs from the page) so its hash is. It
 * first holds taps until the app can act on them (shell/src/taps): the page is on screen, and tappable, before any
 * of the app is.
 */
export const APP_START_SCRIPT = [
  '(function(){',
  EARLY_TAP_CAPTURE,
  'var started=false;',
  'function start(){',
  'if(started)return;started=true;',
  `var links=document.querySelectorAll('link[${APP_SCRIPT_ATTRIBUTE}]');`,
  'for(var i=0;i<links.length;i++){',
  "var script=document.createElement('script');script.src=links[i].href;script.async=false;document.head.appendChild(script);",
  '}}',
  'try{new PerformanceObserver(function(list){',
  "if(list.getEntriesByName('first-contentful-paint').length)start();",
  "}).observe({type:'paint',buffered:true});}catch(error){}",
  `setTimeout(start,${START_AT_LATEST_MS});`,
  '})();',
].join('');

/** The CSP source that lets `APP_START_SCRIPT`, and no other inline script, run. */
export const APP_START_SCRIPT_HASH = `'sha256-${createHash('sha256').update(APP_START_SCRIPT).digest('base64')}'`;

const DEFERRED_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/g;

/**
 * The client page's deferred scripts as preloads, run by the loader at the end of the body. Throws when the page
 * has no deferred script: a page that never starts its app would look fine and do nothing.
 */
export function startAppAfterFirstPaint(template: string): string {
  let scripts = 0;
  const preloaded = template.replace(DEFERRED_SCRIPT, (_tag, src: string) => {
    scripts += 1;
    return `<link rel="preload" as="script" href="${src}" ${APP_SCRIPT_ATTRIBUTE}>`;
  });
  if (scripts === 0) throw new Error('app.html 没有 <script defer src>：服务端渲染的页面无法启动应用');
  if (!preloaded.includes('</body>')) throw new Error('app.html 没有 </body>');
  return preloaded.replace('</body>', () => `<script>${APP_START_SCRIPT}</script></body>`);
}
