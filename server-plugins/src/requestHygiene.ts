import type http from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { TEXT } from './answers';
import { isProxied } from './metrics';

export interface RequestHygieneOptions {
  /** The methods the server answers; any other gets 405 and the list (`Allow`), before its body is read. */
  methods: readonly string[];
  /**
   * CORS preflights (`OPTIONS`) answered 204 with `methods`, kept ten minutes by the browser: for a server whose
   * files other origins read (a remote's part server).
   */
  preflight?: boolean;
  /**
   * Methods taken only from a client no proxy forwards (ops on the server's own port, like `/metrics`): through the
   * site they are refused like any other, and `Allow` never names them.
   */
  ownPortOnly?: readonly string[];
}

/**
 * What every page server of the site does with a request before any route: it keeps answering a client that has
 * half-closed its socket, and refuses the methods it does not take in Chinese. Registered first, so a refused
 * method costs no routing.
 */
const requestHygienePlugin: FastifyPluginAsync<RequestHygieneOptions> = async (app, { methods, preflight = false, ownPortOnly = [] }) => {
  // A client that sends its request and half-closes its socket still gets the answer (a page rendered after the
  // close too): Node's HTTP server would otherwise drop it at the end of the request. Node's switch is untyped.
  (app.server as http.Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  const allow = methods.join(', ');
  app.addHook('onRequest', async (request, reply) => {
    if (preflight && request.method === 'OPTIONS') {
      return reply.code(204).header('Access-Control-Allow-Methods', allow).header('Access-Control-Max-Age', '600').send();
    }
    if (ownPortOnly.includes(request.method) && !isProxied(request)) return undefined;
    if (!methods.includes(request.method)) {
      return reply.code(405).header('Allow', allow).type(TEXT).send(`不支持 ${request.method} 请求`);
    }
    return undefined;
  });
};

export const requestHygiene = fp(requestHygienePlugin, { name: 'request-hygiene', fastify: '5.x' });
