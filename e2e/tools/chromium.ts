/**
 * Debian's Chromium, as every browser run of this repo starts it (tests and benchmarks; the build needs none). As root it
 * needs --no-sandbox; without the background-networking flags it floods the closed network with requests.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
