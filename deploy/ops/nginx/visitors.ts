/**
 * What nginx does per visitor and per host name (issues 41, 50), kept apart from the rest of the config (config.ts
 * calls these): the budgets of the pages the render servers must answer, checked in a gate behind the page cache,
 * the site's Chinese 429 page, and no page for a host name the site does not serve.
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
 * The budgets of the pages nginx neither keeps nor has as a file (a search, a page not cached yet): the only ones that
 * cost a render. A cached page or a file is never counted (the budgets live in the gate, which only misses reach).
 * - per visitor key (visitorKey.ts): a reader opens a page a second at most; a burst covers a tab restore or a few
 *   quick clicks. One client flooding with its key is slowed to this.
 * - per address, for requests without a valid key (a first visit, or a client that keeps no cookie): 60 newcomers
 *   behind one address opening a shared search link at once are served; a script that drops its cookie is slowed to
 *   this.
 * - per address, for every request: the backstop against a client that takes a new key for each page. 1,000 active
 *   visitors behind a carrier's NAT, one search each 20 s, are 50 a second; a school's 300 opening one link, 300.
 * Past a budget the client gets 429 at once (`nodelay`), and only that client.
 */
export const PAGE_BUDGETS = {
  visitor: { perSecond: 5, burst: 20 },
  newcomer: { perSecond: 10, burst: 60 },
  address: { perSecond: 50, burst: 300 },
} as const;

type Budget = keyof typeof PAGE_BUDGETS;

/** The header the shell's server tells the gate each budget's key in (the gate sees only nginx itself). */
const BUDGET_HEADERS: Record<Budget, string> = { visitor: 'X-Wenrun-Visitor', newcomer: 'X-Wenrun-Newcomer', address: 'X-Wenrun-Client' };

/** The seconds a client over the budget is told to wait (`Retry-After`): the budget refills a page each 1/rate s. */
const RETRY_AFTER_SECONDS = 1;

/** The site's own page for 429, as its other server pages are (reference-api's `htmlPage`). */
export const TOO_MANY_PAGE = htmlPage(
  '请求过于频繁 - 文润教育',
  `<h1>请求过于频繁</h1>
<p>您在很短的时间内打开了太多页面，请稍等几秒钟再刷新。</p>
<p><a href="/">返回首页</a></p>
<p class="note">错误代码 429：您（或与您同一网络的访客）的访问次数暂时超过了上限，几秒钟后即可恢复。</p>`,
);

/**
 * The `http` block's part: the client key, the keys of the three budgets and their zones. `unlimited`: addresses
 * that are no visitor (the test suite's and the load bench's own client, `--unlimited-clients`): empty keys, which
 * nginx does not count.
 */
export function visitorLimitsHttp(unlimited: readonly string[] = []): string {
  const patterns = CLIENT_KEY_PATTERNS.map(([pattern, key]) => `    "~${pattern}" "${key}";`).join('\n');
  const exempt = unlimited.map((address) => `    "${address}" "";\n`).join('');
  const zones = (Object.keys(PAGE_BUDGETS) as Budget[])
    .map((budget) => `  limit_req_zone ${gateVariable(budget)} zone=${budget}_pages:10m rate=${PAGE_BUDGETS[budget].perSecond}r/s;`)
    .join('\n');
  return `
  # One client: an IPv4 address or an IPv6 /64 (deploy/ops/nginx/visitors.ts).
  map $remote_addr $client_key {
    default $remote_addr;
${exempt}${patterns}
  }
  # A visitor with nginx's key is counted by it; one without, as a newcomer of its address.
  map $client_key $visitor_budget_key {
    "" "";
    default $visitor_key;
  }
  map $visitor_budget_key $newcomer_budget_key {
    "" $client_key;
    default "";
  }
  # Checked in the gate (pageGateServer), from the keys the shell's server sends it.
${zones}
  limit_req_status 429;
  # Refused pages are not logged one by one: a flood would fill the log.
  limit_req_log_level info;
`;
}

/** The gate's variable for a budget's key: the header the shell's server set. */
function gateVariable(budget: Budget): string {
  return `$http_${BUDGET_HEADERS[budget].toLowerCase().replaceAll('-', '_')}`;
}

/** In the shell's locations that ask the gate: each budget's key, set by nginx whatever the client sent. */
export function budgetKeyLines(): string {
  const values: Record<Budget, string> = { visitor: '$visitor_budget_key', newcomer: '$newcomer_budget_key', address: '$client_key' };
  return (Object.keys(BUDGET_HEADERS) as Budget[]).map((budget) => `\n    proxy_set_header ${BUDGET_HEADERS[budget]} ${values[budget]};`).join('');
}

/** The gate's Unix socket, in a folder only nginx's workers may enter (start.ts): no other process can skip the shell's server. */
export function pageGateSocket(prefix: string): string {
  return `${prefix}/gate/pages.sock`;
}

/**
 * The gate between nginx's page cache and the render servers: a server on a Unix socket that only the shell's
 * locations proxy to, on a miss. nginx checks limit_req before its cache (preaccess), so a budget in those locations
 * refused cached pages too (issue 50: 31 of 60 visitors behind one address got 429 on a cached `/`); here it is checked
 * only for what the render servers are asked. Its 429 goes back to the shell's server, which answers with the
 * site's page (`proxy_intercept_errors`). `proxy` is the render servers' proxy lines (an instance that fails: the next).
 */
export function pageGateServer(prefix: string, proxy: string): string {
  const limits = (Object.keys(PAGE_BUDGETS) as Budget[]).map((budget) => `    limit_req zone=${budget}_pages burst=${PAGE_BUDGETS[budget].burst} nodelay;`).join('\n');
  const cleared = Object.values(BUDGET_HEADERS).map((header) => `    proxy_set_header ${header} "";`).join('\n');
  return `
  upstream render_gate {
    server unix:${pageGateSocket(prefix)};
    keepalive 32;
  }

  server {
    listen unix:${pageGateSocket(prefix)};
    # What the render servers send goes on as it is, to be kept by the shell's server.
    gzip off;
    location / {
${limits}
${cleared}
    proxy_set_header X-Forwarded-For $http_x_forwarded_for;${proxy}
    }
  }
`;
}

/** Inside each location that asks the gate: its 429 answered with the site's page. A location with error_page lines of its own inherits none. */
export const PAGE_LIMIT_LINES = `
    error_page 429 @too_many;`;

/** nginx reads `$` as a variable and `"` ends the string: the page has neither `$` nor, once escaped, a bare `"`. */
function nginxString(text: string): string {
  if (text.includes('$')) throw new Error('429 页面不能含有 $（nginx 会把它当作变量）');
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The server's named location for that page; `headers` are the site's, which every location repeats (a newcomer refused is given its key). */
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
