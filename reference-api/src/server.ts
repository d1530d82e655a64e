import type { Server } from 'node:http';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { Counter } from 'prom-client';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';
import { metrics, sendSecurityHeaders } from '@wenrun/server-plugins';
import type { AppContext, Limits } from './context';
import { createAuthStore } from './db/auth';
import { createContentStore } from './db/content';
import { openDatabase } from './db/database';
import { createMessageStore } from './db/messages';
import { createSearchStore } from './db/search';
import { seedDatabase } from './db/seed';
import { createFieldDataStore, FIELD_VIEWS_PER_CLIENT_PER_HOUR } from './db/fieldData/store';
import { createStatsStore } from './db/stats';
import { answerClientError, API_HEADERS, ApiFailure, CODES, ERROR_MESSAGES, registerEnvelopeHandlers } from './envelope';
import { assetRoutes } from './routes/assets';
import { authRoutes } from './routes/auth';
import { contentRoutes } from './routes/content';
import { activityEditingRoutes } from './routes/activities';
import { devRoutes } from './routes/dev';
import { clientOf, isLoopback } from './net';
import { ADMIN_PREFIX, DEV_PREFIX } from './prefixes';
import { requireAdminToken } from './security/adminToken';
import { siteServerCheck } from './security/serviceToken';
import { siteOriginWritesOnly } from './security/siteOrigin';
import { healthRoutes } from './routes/health';
import { messageRoutes } from './routes/message';
import { fieldSeriesRoutes } from './routes/fieldSeries';
import { releaseFigureRoutes } from './routes/releaseFigures';
import { renderServerMetricsRoutes } from './routes/renderServerMetrics';
import { searchRoutes } from './routes/search';
import { statsRoutes } from './routes/stats';
import { hashSecret } from './security/hash';
import { createHashGate, type HashGate } from './security/hashGate';
import { believeForwardingOnlyWithSecret } from './security/proxySecret';

export interface RateLimitSettings {
  /** Requests per window per client IP, over every route except /healthz. */
  max: number;
  timeWindowMs: number;
  /**
   * Loopback exempt (demo mode's default: the browser and load tests run from it). Never in the production form:
   * behind a proxy every visitor would be one exempt address.
   */
  exemptLoopback: boolean;
}

/** A route as the server registered it: a method and Fastify's pattern (`/images/*`, `/admin/activities/:id`). */
export interface ApiRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route this server answers: the allow-list nginx forwards is made from it (deploy/ops/nginx). */
    apiRoutes: readonly ApiRoute[];
  }
}

export interface ServerOptions {
  /** The SQLite file (`:memory:` for none), unless `databaseUrl` is given. */
  databasePath: string;
  /**
   * A PostgreSQL database (`postgres://…`, `DATABASE_URL`) instead of the file: what several API instances share.
   * Each instance keeps a pool of `databasePoolSize` connections (default 10), closed with the server.
   */
  databaseUrl?: string;
  databasePoolSize?: number;
  logger?: FastifyServerOptions['logger'];
  allowedOrigins?: string[];
  /**
   * Demo mode (`npm start`, `npm run dev`, the tests): the development endpoints under `/__dev`, the demo accounts,
   * verification codes written to the log, loopback exempt from the rate limit. Off unless asked for: the
   * production form has none of them.
   */
  devEndpoints?: boolean;
  now?: () => number;
  rateLimit?: Partial<RateLimitSettings>;
  limits?: Partial<Limits>;
  /** Default: scrypt (`hashSecret`). */
  hashCode?: (code: string) => Promise<string>;
  /** Default: `createHashGate()`; a test passes one it watches, to see the order the hashes start in. */
  hashGate?: HashGate;
  /**
   * The proxies in front (nginx's address, or ranges): only a request from one of them may say who the client is,
   * and the client is the right-most address of `X-Forwarded-For` that is none of them. Empty: the socket's peer.
   */
  trustedProxies?: string[];
  /**
   * The secret the site's own proxy sends in `PROXY_SECRET_HEADER` (security/proxySecret.ts): given, a request from a
   * trusted proxy's address names the client only with it (every local process shares nginx's 127.0.0.1). main.ts
   * refuses TRUST_PROXY without it.
   */
  proxySecret?: string;
  /** The admin endpoints' token (`/admin/…`); without one they refuse every request. */
  adminToken?: string;
  /**
   * The site's own servers' credential (the render servers send it in `SERVICE_TOKEN_HEADER`): their requests, and
   * those with the admin token (the canary guard), are not a visitor's and count against no address's budget.
   */
  serviceToken?: string;
  /** The render servers' `/metrics` on loopback, read for the ops console (RENDER_METRICS_URLS). */
  renderMetricsUrls?: string[];
}

const sitePorts = [SHELL_PART.port, ...Object.values(REMOTE_PARTS).map((part) => part.port)];
export const DEFAULT_ALLOWED_ORIGINS = ['localhost', '127.0.0.1'].flatMap((host) =>
  sitePorts.map((port) => `http://${host}:${port}`),
);

/** Every form of the site is a few hundred bytes; 64 KB leaves room and refuses megabyte bodies early. */
export const BODY_LIMIT = 64 * 1024;

export const DEFAULT_RATE_LIMIT: Omit<RateLimitSettings, 'exemptLoopback'> = { max: 600, timeWindowMs: 60_000 };
export const DEFAULT_LIMITS: Limits = {
  sendCodePerIpPerHour: 10,
  sendCodePerMobilePerHour: 5,
  sendCodePerHour: 1000,
  messagesPerIpPerDay: 20,
  fieldSummaryCacheMs: 60_000,
  fieldViewsPerClientPerHour: FIELD_VIEWS_PER_CLIENT_PER_HOUR,
};

/** The database opened, migrated and seeded, and the content read from it; closed again if seeding fails. */
async function openSeededDatabase(options: ServerOptions, now: () => number, demo: boolean) {
  const db = await openDatabase(options.databaseUrl ?? options.databasePath, { poolSize: options.databasePoolSize });
  try {
    const removedDemoAccounts = await seedDatabase(db, now(), { demoAccounts: demo });
    return { db, removedDemoAccounts, content: await createContentStore(db) };
  } catch (error) {
    await db.close();
    throw error;
  }
}

function createFastify(options: ServerOptions): FastifyInstance {
  const trustedProxies = options.trustedProxies ?? [];
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustedProxies.length ? trustedProxies : false,
    // A client that trickles its request must not hold a connection forever.
    requestTimeout: 30_000,
    clientErrorHandler: answerClientError,
  });
  if (options.proxySecret !== undefined) believeForwardingOnlyWithSecret(app, options.proxySecret);
  // A client that sends its request and half-closes its socket still gets the answer, however long the database takes
  // (a PostgreSQL round trip outlasts the close): Node's HTTP server would otherwise drop it. Node's switch is untyped.
  (app.server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  return app;
}

/** Every route registered from here on is kept in `app.apiRoutes`. */
function keepRouteTable(app: FastifyInstance): void {
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url });
  });
}

/** What every request passes before its route: security headers, body parsing, CORS and the per-client rate limit. */
async function registerRequestGuards(app: FastifyInstance, options: ServerOptions, rate: RateLimitSettings, siteOrigins: string[]) {
  registerEnvelopeHandlers(app);
  await app.register(sendSecurityHeaders, { headers: API_HEADERS });

  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  // Nothing here uses cookies, so credentials stay off and only the site's own origins may read replies.
  await app.register(cors, { origin: siteOrigins, methods: ['GET', 'POST'] });
  const fromSiteServer = siteServerCheck(options);
  await app.register(rateLimit, {
    max: rate.max,
    timeWindow: rate.timeWindowMs,
    allowList: (request) => fromSiteServer(request) || (rate.exemptLoopback && isLoopback(request.ip)),
    // One budget per client (an IPv6 /64 is one subscriber's, however many of its addresses it walks).
    keyGenerator: clientOf,
    errorResponseBuilder: (_request, context) =>
      new ApiFailure(CODES.tooMany, ERROR_MESSAGES.tooMany(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });

  // Refusals by the limits, by caller (/metrics): the site's own servers refused would mean pages rendered without data.
  const refused = new Counter({
    name: 'api_refused_total',
    help: '因限流被拒绝的调用（信封 429），按路由和调用方（visitor 访客、site-server 本站的渲染服务器和守卫）',
    labelNames: ['route', 'caller'],
    registers: [app.metrics],
  });
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof ApiFailure) || error.code !== CODES.tooMany) return;
    refused.inc({ route: request.routeOptions.url ?? 'unmatched', caller: fromSiteServer(request) ? 'site-server' : 'visitor' });
  });
}

/** The visitors' routes, the admin routes behind the admin token, and in demo mode the same tools under `/__dev`. */
async function registerRoutes(app: FastifyInstance, ctx: AppContext, options: ServerOptions, demo: boolean) {
  healthRoutes(app, ctx);
  authRoutes(app, ctx);
  messageRoutes(app, ctx);
  searchRoutes(app, ctx);
  contentRoutes(app, ctx);
  assetRoutes(app, ctx);
  await statsRoutes(app, ctx);
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', requireAdminToken(options.adminToken));
      activityEditingRoutes(admin, ctx);
      releaseFigureRoutes(admin, ctx);
      fieldSeriesRoutes(admin, ctx);
      renderServerMetricsRoutes(admin, options.renderMetricsUrls ?? []);
    },
    { prefix: ADMIN_PREFIX },
  );
  if (demo) {
    await app.register(
      async (dev) => {
        dev.addHook('onRequest', siteOriginWritesOnly(ctx.siteOrigins));
        devRoutes(dev, ctx);
        activityEditingRoutes(dev, ctx);
        releaseFigureRoutes(dev, ctx);
        fieldSeriesRoutes(dev, ctx);
        renderServerMetricsRoutes(dev, options.renderMetricsUrls ?? []);
      },
      { prefix: DEV_PREFIX },
    );
  }
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const demo = options.devEndpoints ?? false;
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const rate: RateLimitSettings = { ...DEFAULT_RATE_LIMIT, exemptLoopback: demo, ...options.rateLimit };
  const siteOrigins = options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS;

  const { db, removedDemoAccounts, content } = await openSeededDatabase(options, now, demo);
  const app = createFastify(options);
  app.addHook('onClose', () => db.close());
  if (removedDemoAccounts) app.log.warn({ removedDemoAccounts }, '生产模式：已删除数据库中的演示账号');
  // Before the route table is kept: `/metrics` is the operators', answered on the API's own port, never by nginx.
  await app.register(metrics, { server: 'api' });
  keepRouteTable(app);

  const ctx: AppContext = {
    db,
    auth: createAuthStore(db),
    content,
    search: createSearchStore(db),
    messages: createMessageStore(db),
    stats: createStatsStore(db),
    fieldData: createFieldDataStore(db, { viewsPerClientPerHour: limits.fieldViewsPerClientPerHour }),
    now,
    limits,
    siteOrigins: new Set(siteOrigins),
    hashCode: options.hashCode ?? hashSecret,
    hashGate: options.hashGate ?? createHashGate(),
    devCodes: demo ? new Map() : null,
  };

  await registerRequestGuards(app, options, rate, siteOrigins);
  await registerRoutes(app, ctx, options, demo);
  return app;
}

/**
 * The routes of the production form, for nginx's allow-list (deploy/ops/nginx): a production-mode server is built over
 * an in-memory database and asked, so the list is the route table itself, never a copy of it.
 */
export async function productionRoutes(): Promise<ApiRoute[]> {
  const app = await buildServer({ databasePath: ':memory:', devEndpoints: false });
  try {
    await app.ready();
    return [...app.apiRoutes];
  } finally {
    await app.close();
  }
}
