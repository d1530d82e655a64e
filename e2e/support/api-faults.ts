import type { Page, Route } from '@playwright/test';
import { API_ORIGIN } from './login-modal';

/** A fulfilled cross-origin answer is read by the page only with CORS, as the real API sends it. */
export function corsHeaders(route: Route): Record<string, string> {
  const origin = route.request().headers().origin;
  return origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
}

/**
 * Answers the page's calls to the API path `path` from now on with `answer` (the CORS preflight of a real server is
 * not what fails); returns how many calls were answered so.
 */
export async function answerCalls(page: Page, path: string, answer: (route: Route) => Promise<void>): Promise<() => number> {
  let answered = 0;
  await page.route(`${API_ORIGIN}${path}`, async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: corsHeaders(route) });
    answered += 1;
    await answer(route);
  });
  return () => answered;
}

/** Where the page keeps the timeouts the site's client asked for on the calls `shortenTimeouts` shortened. */
const ASKED_TIMEOUTS = '__e2eAskedTimeouts';
/** Set in the page once the test wants the client's own timeouts back (`restore`). */
const TIMEOUTS_RESTORED = '__e2eTimeoutsRestored';

/** What the browser waits, instead of the client's 15 s, for an answer that never comes. */
const SHORT_TIMEOUT_MS = 500;

export interface ShortenedTimeouts {
  /** The timeouts the client asked for on the shortened calls, to check it is the site's timeout. */
  asked(): Promise<number[]>;
  /** From now on the page's calls wait as long as the client asks: a retry meets the real API, which may be slow. */
  restore(): Promise<void>;
}

/**
 * The client's timeout is the browser's own (XHR's `timeout`), which no fake clock moves. For the calls to the API
 * path `path` from pages loaded from now on, the page's XHR times out after SHORT_TIMEOUT_MS instead of what the
 * client asked for: the browser still ends the call with its own timeout event, and the client still turns that into its message,
 * in milliseconds rather than a real 15 s.
 */
export async function shortenTimeouts(page: Page, path: string): Promise<ShortenedTimeouts> {
  await page.addInitScript(
    ({ path: shortened, ms: instead, key, restoredKey }) => {
      const proto = XMLHttpRequest.prototype;
      const urls = new WeakMap<XMLHttpRequest, string>();
      const asked: number[] = [];
      Object.assign(window, { [key]: asked });
      const open = proto.open;
      proto.open = function (this: XMLHttpRequest, ...args: unknown[]) {
        urls.set(this, String(args[1]));
        Reflect.apply(open, this, args);
      } as typeof open;
      const timeout = Object.getOwnPropertyDescriptor(proto, 'timeout');
      const set = timeout?.set;
      if (!timeout || !set) throw new Error('XMLHttpRequest.prototype.timeout 不是访问器属性');
      Object.defineProperty(proto, 'timeout', {
        ...timeout,
        set(this: XMLHttpRequest, value: number) {
          const url = urls.get(this);
          const restored = (window as unknown as Record<string, boolean | undefined>)[restoredKey] === true;
          const ours = !restored && url !== undefined && new URL(url, location.href).pathname === shortened;
          if (ours) asked.push(value);
          set.call(this, ours ? instead : value);
        },
      });
    },
    { path, ms: SHORT_TIMEOUT_MS, key: ASKED_TIMEOUTS, restoredKey: TIMEOUTS_RESTORED },
  );
  return {
    asked: () => page.evaluate((key) => [...((window as unknown as Record<string, number[] | undefined>)[key] ?? [])], ASKED_TIMEOUTS),
    restore: () => page.evaluate((key) => void Object.assign(window, { [key]: true }), TIMEOUTS_RESTORED),
  };
}
