import type { FastifyInstance } from 'fastify';
import { secretMatcher } from './adminToken';

/**
 * The header by which the site's own nginx proves it is the one naming the visitor (issue 50). A trusted proxy's
 * address alone is not enough: on the API's machine every process, the render servers running the remotes' code
 * among them, connects from 127.0.0.1, and any of them could say in X-Forwarded-For that it is any visitor.
 */
export const PROXY_SECRET_HEADER = 'X-Wenrun-Proxy';

/** The headers a proxy names the client by, which Fastify reads when the peer is a trusted proxy (`trustProxy`). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;

/**
 * Before anything reads the client's address: a request without the proxy's secret (compared in constant time)
 * loses its forwarding headers, so `request.ip` is the address it came from, whatever it claimed. The secret itself
 * is removed from every request, so no handler or log line holds it. Registered first, its hook runs before the
 * limits'.
 */
export function believeForwardingOnlyWithSecret(app: FastifyInstance, secret: string): void {
  const fromProxy = secretMatcher(secret);
  const header = PROXY_SECRET_HEADER.toLowerCase();
  app.addHook('onRequest', async (request) => {
    const sent = request.raw.headers[header];
    delete request.raw.headers[header];
    if (fromProxy(typeof sent === 'string' ? sent : undefined)) return;
    for (const name of FORWARDING_HEADERS) delete request.raw.headers[name];
  });
}
