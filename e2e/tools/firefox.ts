/**
 * Debian's Firefox ESR, the second engine of the browser tests (e2e/README.md), as every Firefox run of this repo
 * starts it: driven over WebDriver BiDi by puppeteer-core, headless, in a fresh profile each launch. Playwright's own
 * Firefox is a patched build that cannot be downloaded here; Debian's package needs no download at all.
 */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Preferences on top of puppeteer's own (which already turn off updates, Safe Browsing, health reports, the default
 * browser check and speculative connections): what else Firefox would ask of the internet on its own. The tests'
 * machine has none, and a run must not depend on what a request to it does: captive-portal and connectivity probes,
 * telemetry, DNS-over-HTTPS, the region lookup, prefetching and the network predictor. Pages get the language a
 * Chinese visitor's browser sends, as Chromium's `locale: 'zh-CN'` gives them, and scrollbars that overlay the page
 * as on a phone (and in headless Chromium): a 375 px window is then 375 px of page, not 363.
 */
export const FIREFOX_PREFS: Record<string, string | number | boolean> = {
  // Remote Settings (blocklists, search and tracking lists, experiments) fetches some twenty collections at start.
  // Port 9 is on the browsers' list of banned ports: each fetch fails in Firefox without a connection or a DNS query.
  'services.settings.server': 'http://127.0.0.1:9/v1',
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'toolkit.telemetry.server': '',
  'browser.ping-centre.telemetry': false,
  'datareporting.usage.uploadEnabled': false,
  'network.trr.mode': 5,
  'browser.region.network.url': '',
  'browser.region.update.enabled': false,
  'extensions.systemAddon.update.enabled': false,
  'browser.topsites.contile.enabled': false,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.predictor.enabled': false,
  'intl.accept_languages': 'zh-CN, zh',
  'widget.gtk.overlay-scrollbars.enabled': true,
  'ui.useOverlayScrollbars': 1,
};

/** A release build of Firefox ignores `services.settings.server` (above) unless this is set. */
export const FIREFOX_ENV = { MOZ_REMOTE_SETTINGS_DEVTOOLS: '1' } as const;
