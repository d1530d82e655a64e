import type { FastifyInstance } from 'fastify';
import { secretMatcher } from './adminToken';

/**
 * The header by which the site's own nginx proves it is the one naming the visitor (issue 50). A trusted proxy's
 * address alone is not enough: on the API's machine every process, the render servers running the remotes' code
 * among them, connects from 127.0.0.1, and any of them could say in X-Forwarded-For that it is any visitor.
 */
export const PROXY_SECRET_HEADER = 'X-Wenrun-Proxy';
// Node gives header names in lower case: `x-wenrun-proxy` below is this header.

/**
 * Before anything reads the client's address: a request without the proxy's secret (compared in constant time)
 * loses the headers a proxy names the client by (Fastify reads them from a trusted proxy's address, `trustProxy`),
 * so `request.ip` is the address it came from, whatever it claimed. The secret itself is removed from every
 * request, so no handler or log line holds it. Registered first, its hook runs before the limits'.
 */
export function believeForwardingOnlyWithSecret(app: FastifyInstance, secret: string): void {
  const fromProxy = secretMatcher(secret);
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    const sent = headers['x-wenrun-proxy'];
    delete headers['x-wenrun-proxy'];
    if (fromProxy(typeof sent === 'string' ? sent : undefined)) return;
    delete headers['x-forwarded-for'];
    delete headers['x-forwarded-host'];
    delete headers['x-forwarded-proto'];
  });
}
