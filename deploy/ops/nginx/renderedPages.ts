import { ACTIVITY_IMAGE_ROUTE } from '@wenrun/shared/node';
import { CACHE_RULES } from '../../serve/headers';
import { PER_REQUEST_PREFIXES } from '../../serve/perRequest';
import { apiLocation } from './apiServer';
import { headers, indent } from './headerLines';
import type { NginxSite } from './nginxSite';
import { pageCacheLines } from './pageCache';
import { budgetKeyLines, PAGE_LIMIT_LINES } from './visitors';
import { VISITOR_COOKIE_LINE } from './visitorKey';

/**
 * The routes the route manifest renders per request (deploy/serve/perRequest.ts) always come from the render servers,
 * whatever the folder holds (an edited activity is fresh within a minute); the picture of a shared link is a file
 * when the build wrote one. The picture's location is inside its prefix's: a `^~` prefix stops nginx looking at the
 * regex locations of the server.
 */
function perRequestLocations(site: NginxSite, proxy: string): string {
  return PER_REQUEST_PREFIXES.map((prefix) => {
    const picture = ACTIVITY_IMAGE_ROUTE.startsWith(prefix)
      ? `
    location ${apiLocation(ACTIVITY_IMAGE_ROUTE)} {
      try_files $uri @render;
${indent(headers(site, 'public, max-age=60, stale-while-revalidate=600', false), 2)}
    }
`
      : '';
    return `
  location ^~ ${prefix} {${picture}${proxy}
  }
`;
  }).join('');
}

/** How long the gate waits for one render server instance before it asks the next. */
const RENDER_READ_TIMEOUT_S = 8;

/** The gate's way to the render servers: an instance that fails or is slow, the next one. */
export const RENDER_SERVER_PROXY = `
    proxy_pass http://render_servers;
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 0;
    proxy_connect_timeout 1s;
    proxy_read_timeout ${RENDER_READ_TIMEOUT_S}s;`;

/** The page the render server would have sent, when none of its instances answers: the one written at build, or the client page. */
export function renderedPages(site: NginxSite): string {
  const proxy = `
    proxy_pass http://render_gate;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;${budgetKeyLines()}
    # The gate tries each instance in turn; none: the page from the folder.
    proxy_connect_timeout 1s;
    proxy_read_timeout ${RENDER_READ_TIMEOUT_S * site.renderServers.length + 1}s;
    proxy_intercept_errors on;
    error_page 500 502 503 504 = @from_folder;${PAGE_LIMIT_LINES}${pageCacheLines(site)}
${headers(site, null, false)}
    ${VISITOR_COOKIE_LINE}`;
  return `${perRequestLocations(site, proxy)}
  location @render {${proxy}
  }

  location @from_folder {
    try_files ${site.writtenPages ? '$uri/index.html /app.html' : '/app.html =404'};
${headers(site, CACHE_RULES.fresh, false)}
    ${VISITOR_COOKIE_LINE}
  }
${
  site.writtenPages
    ? ''
    : `
  # The folder's pages were written for other addresses: the home page, and a page asked for by its file's name,
  # come from the render servers too.
  location = / {${proxy}
  }

  location ~ (^|/)index\\.html$ {${proxy}
  }
`
}`;
}
