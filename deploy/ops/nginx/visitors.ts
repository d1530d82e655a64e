/**
 * What nginx does per visitor and per host name (issue 41), kept apart from the rest of the config (config.ts calls
 * these): a budget per client on the pages rendered per request, the site's Chinese 429 page, and no page for a host
 * name the site does not serve.
 */
import { htmlPage } from '@wenrun/reference-api/pages/html';

/**
 * One client's key: an IPv4 address, or the /64 of an IPv6 address (one subscriber's network: whoever holds one has
 * 2^64 addresses). nginx writes `$remote_addr` in the canonical form (RFC 5952: lower case, no leading zeros, the
 * longest run of zero groups as `::`), so the /64 is its first four groups, spelled out again where `::` hides some
 * of them: each pattern is one place the `::` can stand, by how many groups come before and after it. PCRE and
 * JavaScript read these the same (config.test.ts checks them against Node's own parser).
 */
export const CLIENT_KEY_PATTERNS: readonly (readonly [pattern: string, key: string])[] = [
  ['^([0-9a-f]+:[0-9a-f]+:[0-9a-f]+:[0-9a-f]+):[0-9a-f:]*$', '$1'],
  ['^([0-9a-f]+:[0-9a-f]+:[0-9a-f]+)::[0-9a-f:]*$', '$1:0'],
  ['^([0-9a-f]+:[0-9a-f]+)::([0-9a-f]+):[0-9a-f]+:[0-9a-f]+:[0-9a-f]+:[0-9a-f]+$', '$1:0:$2'],
  ['^([0-9a-f]+:[0-9a-f]+)::[0-9a-f:]*$', '$1:0:0'],
  ['^([0-9a-f]+)::([0-9a-f]+):([0-9a-f]+):[0-9a-f]+:[0-9a-f]+:[0-9a-f]+:[0-9a-f]+$', '$1:0:$2:$3'],
  ['^([0-9a-f]+)::([0-9a-f]+):[0-9a-f]+:[0-9a-f]+:[0-9a-f]+:[0-9a-f]+$', '$1:0:0:$2'],
  ['^([0-9a-f]+)::[0-9a-f:]*$', '$1:0:0:0'],
  ['^::([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):[0-9a-f]+:[0-9a-f]+:[0-9a-f]+:[0-9a-f]+$', '0:$1:$2:$3'],
  ['^::([0-9a-f]+):([0-9a-f]+):[0-9a-f]+:[0-9a-f]+:[0-9a-f]+:[0-9a-f]+$', '0:0:$1:$2'],
  ['^::([0-9a-f]+):[0-9a-f]+:[0-9a-f]+:[0-9a-f]+:[0-9a-f]+$', '0:0:0:$1'],
  ['^::[0-9a-f:]*$', '0:0:0:0'],
];

/**
 * Pages rendered per request, per client: a reader opens a page a second at most; a burst covers a tab restore or
 * a few quick clicks. Past it the client gets 429 at once (`nodelay`), and only that client: the render servers,
 * and the API behind them, see at most this rate from each.
 */
export const PAGE_RATE = { perSecond: 5, burst: 20 } as const;

/** The seconds a client over the budget is told to wait (`Retry-After`): the budget refills a page each 1/rate s. */
const RETRY_AFTER_SECONDS = 1;

/** The site's own page for 429, as its other server pages are (reference-api's `htmlPage`). */
export const TOO_MANY_PAGE = htmlPage(
  '请求过于频繁 - 文润教育',
  `<h1>请求过于频繁</h1>
<p>您在很短的时间内打开了太多页面，请稍等几秒钟再刷新。</p>
<p><a href="/">返回首页</a></p>
<p class="note">错误代码 429：同一网络的访问次数暂时超过了上限，其他访客不受影响。</p>`,
);

/**
 * The `http` block's part: the client key and the budget's zone. `unlimited`: addresses that are no visitor (the
 * test suite's and the load bench's own client, `--unlimited-clients`): an empty key, which nginx does not count.
 */
export function visitorLimitsHttp(unlimited: readonly string[] = []): string {
  const patterns = CLIENT_KEY_PATTERNS.map(([pattern, key]) => `    "~${pattern}" "${key}";`).join('\n');
  const exempt = unlimited.map((address) => `    "${address}" "";\n`).join('');
  return `
  # One client: an IPv4 address or an IPv6 /64 (deploy/ops/nginx/visitors.ts).
  map $remote_addr $client_key {
    default $remote_addr;
${exempt}${patterns}
  }
  limit_req_zone $client_key zone=visitor_pages:10m rate=${PAGE_RATE.perSecond}r/s;
  limit_req_status 429;
  # Refused pages are not logged one by one: a flood would fill the log.
  limit_req_log_level info;
`;
}

/** nginx reads `$` as a variable and `"` ends the string: the page has neither `$` nor, once escaped, a bare `"`. */
function nginxString(text: string): string {
  if (text.includes('$')) throw new Error('429 页面不能含有 $（nginx 会把它当作变量）');
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Inside each location that proxies to the render servers: the client's budget, and its 429 answered with the
 * site's page. A location with error_page lines of its own inherits none from the server, so it names 429 itself.
 */
export const PAGE_LIMIT_LINES = `
    limit_req zone=visitor_pages burst=${PAGE_RATE.burst} nodelay;
    error_page 429 @too_many;`;

/** The server's named location for that page; `headers` are the site's, which every location repeats. */
export function tooManyLocation(headers: string): string {
  return `
  location @too_many {
    default_type "text/html; charset=utf-8";
    add_header Retry-After ${RETRY_AFTER_SECONDS} always;
    add_header Cache-Control "no-store" always;
${headers}
    return 429 ${nginxString(TOO_MANY_PAGE)};
  }
`;
}

/** The host names the site serves: its own, and every host the served config names (a part moved to another name). */
export function servedHosts(host: string, origins: readonly string[]): string[] {
  return [...new Set([host, ...origins.map((origin) => new URL(origin).hostname)])];
}

/**
 * On each HTTPS port, the server nginx picks for a host name none of the site's servers has: no page of ours,
 * 421 Misdirected Request with nothing in it. It shows the site's certificate: a client without SNI still gets a
 * handshake, then the 421.
 */
export function unknownHostServers(listen: (port: number) => string, ports: readonly number[], tls: string): string {
  return ports
    .map(
      (port) => `
server {
${listen(port).replace(/;$/gm, ' default_server;')}
  server_name "";${tls}
  return 421 "";
}
`,
    )
    .join('');
}
