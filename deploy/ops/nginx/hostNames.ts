/**
 * What a host name may be before it is written into nginx's config (issue 51). The WHATWG URL parser, which reads
 * the runtime config's addresses, keeps `;`, `"`, `{`, `$` and `'` in a host (`new URL('https://x;deny/m.json')
 * .hostname` is `x;deny`): written into `server_name` or a quoted header, such a name adds nginx directives or stops
 * every reload. Only RFC 1123 names (letters, digits and inner hyphens, labels of 1 to 63, 253 in all) and IP
 * literals are let through.
 */
import net from 'node:net';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

export function isHostName(host: string): boolean {
  if (host.startsWith('[') && host.endsWith(']')) return net.isIPv6(host.slice(1, -1));
  if (net.isIPv4(host)) return true;
  return host.length <= 253 && host.split('.').every((label) => LABEL.test(label));
}

/** An origin (`https://host:port`) as the URL parser writes it back, with a host of that grammar. */
function isPlainOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin && isHostName(url.hostname);
  } catch {
    return false;
  }
}

/** Stops a config whose site host or any origin of the served config is not such a name, naming each one. */
export function requirePlainHosts(host: string, origins: readonly string[]): void {
  const bad = [...(isHostName(host) ? [] : [host]), ...origins.filter((origin) => !isPlainOrigin(origin))];
  if (bad.length) {
    throw new Error(
      `运行时配置里的地址 ${bad.map((item) => JSON.stringify(item)).join('、')} 不是合法的主机名（RFC 1123：字母、数字和中间的连字符；或 IP 地址）：它会被写进 nginx 的配置，已拒绝这份配置`,
    );
  }
}
