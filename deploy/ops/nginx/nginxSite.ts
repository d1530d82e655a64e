import { REMOTE_NAMES, type RemoteName } from '@wenrun/shared/node';
import type { ApiRoute } from '@wenrun/reference-api';
import type { SiteAddresses } from '@wenrun/server-plugins';
import { servedHosts } from './visitors';

/** The production TLS setup: certificate and key paths, and the plain-HTTP port that redirects to HTTPS. */
export interface NginxTls {
  certificate: string;
  key: string;
  /** Where plain HTTP is answered with a redirect to the same host over HTTPS (80 in production). */
  redirectPort: number;
}

/** Where each part is served by nginx: every part on its own origin, as in production. */
export interface NginxSite {
  /** Host name the browser uses for every origin (`localhost` on a test machine). */
  host: string;
  /** Addresses nginx listens on (loopback only on a test machine). */
  listen: string[];
  shell: { port: number; root: string };
  remotes: Record<RemoteName, { port: number; root: string }>;
  /**
   * The API proxy: its public port, the upstream it forwards to (the reference API or the real one), and the routes
   * it forwards: the production form's own route table (reference-api `productionRoutes`), nothing else.
   */
  api: { port: number; upstream: string; routes: readonly ApiRoute[] };
  /**
   * The render server instances (`host:port`): the shell sends activity and search pages and every path the build did
   * not write to them. More instances, more machines: nothing else changes.
   */
  renderServers: string[];
  /** The runtime-config.json served by the shell. */
  runtimeConfigFile: string;
  /** The origins the served runtime config names (`siteAddressesOf`): every page's CSP. */
  addresses: SiteAddresses;
  /**
   * Whether the pages written at build name only origins of the served config. When they do not (written for other
   * addresses), every page comes from the render servers, which render for this config.
   */
  writtenPages: boolean;
  /**
   * The served config's digest (`configDigest`), in the key of every page nginx keeps from the render servers: an ops
   * edit reloads nginx with a new one, so no page rendered for the config before is sent after it.
   */
  servedConfigDigest: string;
  tls?: NginxTls;
  /** nginx's prefix: pid, temp folders and logs live here, and the gate's socket (visitors.ts `pageGateSocket`). */
  prefix: string;
  /**
   * nginx's secrets (start.ts `writeNginxSecrets`), included in the http block from a file only nginx's master reads:
   * `$visitor_secret`, which signs the visitor keys (visitorKey.ts), and `$api_proxy_secret`, which tells the API a
   * request comes from this nginx (reference-api `PROXY_SECRET_HEADER`).
   */
  secretsFile: string;
  /** The visitor key's njs module (visitorKey.ts `visitorKeyScript`), written by start.ts. */
  visitorScriptFile: string;
  /** The unprivileged user nginx's workers run as when its master runs as root (`user` directive). */
  user?: string;
  /** Addresses nginx does not limit per client (visitors.ts): the test suite's and the load bench's own; none in production. */
  unlimitedClients?: string[];
  /**
   * A load balancer in front (one host of several, deploy/ops/hosts): nginx listens on `listen` too, for the balancer
   * alone, and reads the visitor's address from the PROXY protocol header it sends, trusted only from `from`. Without
   * it every visitor would be the balancer's address: one budget per visitor (visitors.ts) shared by all of them.
   */
  balancer?: { listen: string[]; from: string[] };
}

export function originOf(site: Pick<NginxSite, 'host' | 'tls'>, port: number): string {
  return `${site.tls ? 'https' : 'http'}://${site.host}:${port}`;
}

export function partOrigins(site: NginxSite): string[] {
  return [site.shell.port, ...REMOTE_NAMES.map((name) => site.remotes[name].port)].map((port) => originOf(site, port));
}

/** `listen` lines on every address: the form's own, and the balancer's (with the PROXY protocol) when there is one. */
export function listenOn(site: NginxSite, port: number, options: string): string {
  const line = (address: string, more: string) => `  listen ${address.includes(':') ? `[${address}]` : address}:${port}${options}${more};`;
  return [...site.listen.map((address) => line(address, '')), ...(site.balancer?.listen ?? []).map((address) => line(address, ' proxy_protocol'))].join('\n');
}

export function listenLines(site: NginxSite, port: number): string {
  return listenOn(site, port, site.tls ? ' ssl http2' : '');
}

/** The names the site's servers answer: a request for any other host gets `unknownHostServers`' 421. */
export function serverNames(site: NginxSite): string {
  return servedHosts(site.host, [...site.addresses.parts, ...site.addresses.api]).join(' ');
}
