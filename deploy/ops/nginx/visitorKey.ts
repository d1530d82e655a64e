/**
 * The first-party visitor key (issue 50): a cookie nginx gives every visitor of the shell's pages, signed with a
 * secret only nginx holds (HMAC-SHA256), checked in nginx by njs (Debian's libnginx-mod-http-js, njs 0.7.9) before
 * any budget. Behind one address (a school, a carrier's NAT) each visitor is then a visitor of their own, and a key
 * nginx did not sign is no key: the request counts as a newcomer's, on the address's budget (visitors.ts).
 */
import { createHmac } from 'node:crypto';

/** Debian's njs module for nginx 1.22 (package libnginx-mod-http-js). */
export const NJS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';

/** The cookie's name: `__Host-` over TLS (the browser takes it from this origin alone, never from a sibling host). */
export function visitorCookieName(tls: boolean): string {
  return tls ? '__Host-wenrun-visitor' : 'wenrun-visitor';
}

/** A visitor stays one visitor for a year (a key is a budget's unit, nothing more: it names no one). */
const KEY_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The njs module: `key(r)` the visitor's id when its cookie carries nginx's own signature, else ''; `issue(r)` the
 * Set-Cookie of a new key for a request without a valid one (its id is nginx's `$request_id`: 16 random bytes), else
 * ''. The secret is `$visitor_secret` (a `js_var` of the secrets file only root reads). The signature is compared in
 * constant time: njs has no `timingSafeEqual`.
 */
export function visitorKeyScript(tls: boolean): string {
  const name = visitorCookieName(tls);
  const attributes = `Path=/; Max-Age=${KEY_MAX_AGE_S}; HttpOnly; SameSite=Lax${tls ? '; Secure' : ''}`;
  return `// Rendered by deploy/ops/nginx/visitorKey.ts: do not edit.
var crypto = require('crypto');
var NAME = '${name}=';
function signature(r, id) {
  return crypto.createHmac('sha256', r.variables.visitor_secret).update(id).digest('base64url');
}
function same(a, b) {
  if (a.length !== b.length) return false;
  var differ = 0;
  for (var i = 0; i < a.length; i++) differ |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return differ === 0;
}
function cookie(r) {
  var pairs = (r.headersIn.Cookie || '').split(';');
  for (var i = 0; i < pairs.length; i++) {
    var pair = pairs[i].trim();
    if (pair.indexOf(NAME) === 0) return pair.slice(NAME.length);
  }
  return '';
}
function key(r) {
  var value = cookie(r);
  var id = value.slice(0, 32);
  if (value.charAt(32) !== '.' || !/^[0-9a-f]{32}$/.test(id)) return '';
  return same(value.slice(33), signature(r, id)) ? id : '';
}
function issue(r) {
  if (r.variables.visitor_key) return '';
  var id = r.variables.request_id;
  return NAME + id + '.' + signature(r, id) + '; ${attributes}';
}
export default { key: key, issue: issue };
`;
}

/**
 * The `http` block's part: the module's functions as variables. `$visitor_key` is read by the budgets, `$visitor_cookie`
 * by every page's `Set-Cookie` (VISITOR_COOKIE_LINE); njs 0.7 computes each once per request.
 */
export function visitorKeyHttp(scriptFile: string): string {
  return `
  # The first-party visitor key (deploy/ops/nginx/visitorKey.ts); $visitor_secret is in the secrets file.
  js_import visitor from ${scriptFile};
  js_set $visitor_key visitor.key;
  js_set $visitor_cookie visitor.issue;
`;
}

/** On every page of the shell: a visitor without a valid key is given one (an empty value sends no header). */
export const VISITOR_COOKIE_LINE = 'add_header Set-Cookie $visitor_cookie always;';

/**
 * The signing secret of one site: derived from its admin token, which every host of several shares, so that a key one
 * host gave is a key on every other (the balancer sends a visitor's connections to any host); nginx never sees the
 * token itself.
 */
export function visitorSecret(adminToken: string): string {
  return createHmac('sha256', adminToken).update('wenrun visitor key').digest('hex');
}
