import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { APP_START_SCRIPT, APP_START_SCRIPT_HASH, START_AT_LATEST_MS, startAppAfterFirstPaint } from './appStart';

const TEMPLATE =
  '<!doctype html><html><head><title>t</title><script defer="defer" src="/main.1a2b3c4d.js"></script><script defer src="/other.js"></script></head><body><div id="root"></div></body></html>';

/** The loader run in a page of its own: what it appends, and the paint observer and timer it sets. */
function runLoader({ paintTiming = true } = {}) {
  const appended: { src: string; async: boolean }[] = [];
  let observer: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  let observed: unknown;
  let timer: { run: () => void; ms: number } | undefined;
  const context = vm.createContext({
    window: {},
    document: {
      addEventListener: () => undefined,
      querySelectorAll: (selector: string) =>
        selector === 'link[data-app-script]' ? [{ href: 'http://site/main.1a2b3c4d.js' }, { href: 'http://site/other.js' }] : [],
      createElement: () => ({ src: '', async: true }),
      head: { appendChild: (script: { src: string; async: boolean }) => appended.push({ ...script }) },
    },
    setTimeout: (run: () => void, ms: number) => {
      timer = { run, ms };
    },
    ...(paintTiming
      ? {
          PerformanceObserver: class {
            constructor(callback: typeof observer) {
              observer = callback;
            }
            observe(options: unknown) {
              observed = options;
            }
          },
        }
      : {}),
  });
  vm.runInContext(APP_START_SCRIPT, context);
  const paint = (...names: string[]) => observer?.({ getEntriesByName: (name) => names.filter((entry) => entry === name) });
  return { appended, paint, observed: () => observed, timer: () => timer };
}

describe('startAppAfterFirstPaint', () => {
  it('preloads the deferred scripts and runs them from the loader at the end of the body', () => {
    const html = startAppAfterFirstPaint(TEMPLATE);
    expect(html).not.toContain('<script defer');
    expect(html).toContain('<link rel="preload" as="script" href="/main.1a2b3c4d.js" data-app-script>');
    expect(html).toContain('<link rel="preload" as="script" href="/other.js" data-app-script>');
    expect(html.endsWith(`<div id="root"></div><script>${APP_START_SCRIPT}</script></body></html>`)).toBe(true);
  });

  it('names the loader by the hash of the very text in the page, which the CSP carries', () => {
    const inline = /<script>([\s\S]*?)<\/script>/.exec(startAppAfterFirstPaint(TEMPLATE))?.[1] ?? '';
    expect(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`).toBe(APP_START_SCRIPT_HASH);
  });

  it('refuses a page that would never start its app', () => {
    expect(() => startAppAfterFirstPaint('<html><head></head><body></body></html>')).toThrow(/script defer/);
    expect(() => startAppAfterFirstPaint('<html><head><script defer src="/m.js"></script></head>')).toThrow(/body/);
  });
});

describe('APP_START_SCRIPT', () => {
  it('runs nothing before the first contentful paint, then the scripts once, in order', () => {
    const loader = runLoader();
    expect(loader.observed()).toEqual({ type: 'paint', buffered: true });
    expect(loader.appended).toEqual([]);
    loader.paint('first-paint');
    expect(loader.appended).toEqual([]);
    loader.paint('first-contentful-paint');
    expect(loader.appended).toEqual([
      { src: 'http://site/main.1a2b3c4d.js', async: false },
      { src: 'http://site/other.js', async: false },
    ]);
    loader.timer()?.run();
    loader.paint('first-contentful-paint');
    expect(loader.appended).toHaveLength(2);
  });

  it('starts the app at the latest after the timer: a hidden tab never paints', () => {
    const loader = runLoader();
    expect(loader.timer()?.ms).toBe(START_AT_LATEST_MS);
    loader.timer()?.run();
    expect(loader.appended.map((script) => script.src)).toEqual(['http://site/main.1a2b3c4d.js', 'http://site/other.js']);
  });

  it('starts the app by the timer in a browser without paint timing', () => {
    const loader = runLoader({ paintTiming: false });
    expect(loader.appended).toEqual([]);
    loader.timer()?.run();
    expect(loader.appended).toHaveLength(2);
  });
});
