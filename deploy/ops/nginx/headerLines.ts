import { DOCUMENT_TYPES } from '@wenrun/server-plugins';
import { siteHeaders } from '../../serve/headers';
import type { NginxSite } from './nginxSite';

/** nginx's variable for a document-only header: set by `documentHeaderMaps` for documents, empty (not sent) otherwise. */
function documentVariable(name: string): string {
  return `$document_${name.toLowerCase().replace(/-/g, '_')}`;
}

/** The same headers `npm start` sends (deploy/serve/headers.ts, through `@wenrun/server-plugins`), as nginx directives. */
export function headerDirectives(site: NginxSite): string[] {
  const { every, documents } = siteHeaders(site.addresses, { tls: Boolean(site.tls) });
  return [
    ...Object.entries(every).map(([name, value]) => `add_header ${name} "${value}" always;`),
    ...Object.keys(documents).map((name) => `add_header ${name} ${documentVariable(name)} always;`),
  ];
}

/** A page's policies by the answer's content type: nginx sends no header whose value is empty. */
export function documentHeaderMaps(site: NginxSite): string {
  const { documents } = siteHeaders(site.addresses, { tls: Boolean(site.tls) });
  const types = DOCUMENT_TYPES.map((type) => type.replace(/[+.]/g, '\\$&')).join('|');
  return Object.entries(documents)
    .map(
      ([name, value]) => `
  map $sent_http_content_type ${documentVariable(name)} {
    default "";
    "~*^(${types})(;|$)" "${value}";
  }`,
    )
    .join('');
}

/**
 * nginx drops the server's add_header lines in a location that has its own, so every location repeats them all.
 * `cacheControl` null: the upstream's own.
 */
export function headers(site: NginxSite, cacheControl: string | null, cors: boolean): string {
  const lines = [...headerDirectives(site), ...(cacheControl ? [`add_header Cache-Control "${cacheControl}" always;`] : [])];
  if (cors) lines.push('add_header Access-Control-Allow-Origin $cors_origin always;', 'add_header Vary Origin always;');
  return indent(lines.join('\n'), 4);
}

export function indent(text: string, spaces: number): string {
  return text
    .split('\n')
    .map((line) => (line ? ' '.repeat(spaces) + line : line))
    .join('\n');
}
