import path from 'node:path';
import { GUARD_VERDICT_FILE, RELEASE_HISTORY_FILE } from '@wenrun/shared/node';
import { CACHE_RULES, HASHED_FILE } from '../../serve/headers';
import { headers } from './headerLines';
import { listenLines, serverNames, type NginxSite } from './nginxSite';
import { renderedPages } from './renderedPages';
import { tlsLines } from './tls';
import { tooManyLocation } from './visitors';
import { VISITOR_COOKIE_LINE } from './visitorKey';

/** Quoted in the config: nginx reads `{` as a block. */
const HASHED = HASHED_FILE.source;

/**
 * A link longer than nginx reads (a pasted search of thousands of characters): the client page under 414, with the
 * site's headers, so the visitor still gets the site and its Chinese explanation, as from the part servers (431).
 */
const LONG_LINK_PAGE = '\n  error_page 414 /app.html;';

/** One part: hashed files cached for a year, everything else revalidated; a missing build file stays 404 (in Chinese). */
export function partServer(site: NginxSite, port: number, root: string, kind: 'shell' | 'remote'): string {
  const cors = kind === 'remote';
  // The shell: a page written at build where there is one (`/about/3` ⇒ about/3/index.html) and it was written for
  // this config, else the render servers. A remote's folder holds no page: what is not a file there is a 404.
  const fallback = kind === 'remote' ? '$uri =404' : site.writtenPages ? '$uri $uri/index.html @render' : '$uri @render';
  const runtimeConfig =
    kind === 'shell'
      ? `
  location = /runtime-config.json {
    alias ${site.runtimeConfigFile};
${headers(site, CACHE_RULES.fresh, false)}
  }

  location = /${RELEASE_HISTORY_FILE} {
    alias ${path.join(path.dirname(site.runtimeConfigFile), RELEASE_HISTORY_FILE)};
    default_type "text/plain; charset=utf-8";
${headers(site, CACHE_RULES.fresh, false)}
  }

  location = /${GUARD_VERDICT_FILE} {
    alias ${path.join(path.dirname(site.runtimeConfigFile), GUARD_VERDICT_FILE)};
${headers(site, CACHE_RULES.fresh, false)}
  }
${renderedPages(site)}${tooManyLocation(`${headers(site, null, false)}\n    ${VISITOR_COOKIE_LINE}`)}`
      : '';
  return `
server {
${listenLines(site, port)}
  server_name ${serverNames(site)};
  root ${root};${tlsLines(site)}
  if ($request_method !~ ^(GET|HEAD)$) { return 405; }${kind === 'shell' ? LONG_LINK_PAGE : ''}
${runtimeConfig}
  location ~ "${HASHED}" {
    try_files $uri =404;
${headers(site, CACHE_RULES.hashed, cors)}
  }

  location ~ (^/assets/|^/server/|/remoteEntry\\.js$|/mf-manifest(-stats)?\\.json$|/version\\.json$|/entry-assets\\.json$) {
    try_files $uri =404;
${headers(site, CACHE_RULES.fresh, cors)}
  }

  location / {
    try_files ${fallback};
${headers(site, CACHE_RULES.fresh, cors)}${kind === 'shell' ? `\n    ${VISITOR_COOKIE_LINE}` : ''}
  }

  # A missing file says so in Chinese, as the part servers do, not with nginx's own page.
  error_page 404 @not_found;
  location @not_found {
    # Plain text whatever the missing file's extension (an empty map: the default type for every name).
    types { }
    default_type "text/plain; charset=utf-8";
    return 404 "404 未找到";
${headers(site, CACHE_RULES.fresh, cors)}
  }
}
`;
}
