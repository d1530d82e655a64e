/**
 * Debian's Chromium, as every browser run of this repo starts it (the build needs none). As root it needs
 * --no-sandbox; without the background-networking flags it floods the closed network with requests.
 */

/** The full browser, as a visitor runs it: what Lighthouse and the byte benchmark measure. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' Chromium: the same Debian build of the same version, as its headless shell (the package
 * `chromium-headless-shell`, what Playwright itself runs headless when it may download). The same Blink and V8 render
 * and run the pages; what it leaves out is the full browser's own UI and its GPU process, which took a third of the
 * machine's CPU in a run of the suite: the same 90 tests took 142 s in the full browser, 94 s in the shell.
 */
export const CHROMIUM_TEST_PATH = process.env.CHROMIUM_TEST_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
