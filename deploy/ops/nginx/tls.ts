import { listenOn, serverNames, type NginxSite } from './nginxSite';

/**
 * Mozilla's intermediate profile (ssl-config.mozilla.org): TLS 1.2 and 1.3, forward-secret AEAD suites only (no CBC,
 * whose padding oracles testssl reports as LUCKY13). The profile's DHE suites are left out: they need a DH parameter
 * file, and every client the profile serves negotiates ECDHE.
 */
export const TLS_CIPHERS = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
] as const;

/** The certificate of the config, the protocols and suites above. */
export function tlsLines(site: NginxSite): string {
  if (!site.tls) return '';
  return `
  ssl_certificate ${site.tls.certificate};
  ssl_certificate_key ${site.tls.key};
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_ecdh_curve X25519:prime256v1:secp384r1;
  ssl_ciphers ${TLS_CIPHERS.join(':')};
  ssl_prefer_server_ciphers off;
  ssl_session_cache shared:TLS:10m;
  ssl_session_timeout 1d;
  ssl_session_tickets off;`;
}

/**
 * Plain HTTP: a redirect to the same path on the site's own name over HTTPS, whatever host the client wrote (never
 * `$host`: `Host: evil.example` would send the visitor there), nothing else.
 */
export function redirectServer(site: NginxSite): string {
  if (!site.tls) return '';
  return `
server {
${listenOn(site, site.tls.redirectPort, ' default_server')}
  server_name ${serverNames(site)};
  return 301 https://${site.host}:${site.shell.port}$request_uri;
}
`;
}
