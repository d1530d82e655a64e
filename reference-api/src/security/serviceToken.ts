import type { FastifyRequest } from 'fastify';
import { SERVICE_TOKEN_HEADER } from '@wenrun/shared/node';
import { bearerOf, secretMatcher } from './adminToken';

/**
 * Whether a request comes from one of the site's own servers, known by a credential rather than an address: behind
 * nginx every render server is 127.0.0.1, and a budget per address shared with them would let one visitor who
 * floods it turn server rendering off for everyone (issue 41). The render servers send the service token; the
 * canary guard, which reads field data with the admin token, is known by that. A wrong token is a visitor's request.
 */
export function siteServerCheck({ serviceToken, adminToken }: { serviceToken?: string; adminToken?: string }): (request: FastifyRequest) => boolean {
  const isService = secretMatcher(serviceToken);
  const isAdmin = secretMatcher(adminToken);
  return (request) => {
    const sent = request.headers[SERVICE_TOKEN_HEADER];
    return isService(typeof sent === 'string' ? sent : undefined) || isAdmin(bearerOf(request));
  };
}
