import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { REMOTE_PARTS, SHELL_PART } from '../../shared/src/config/parts';
import type { AppContext, Limits } from './context';
import { createAuthStore } from './db/auth';
import { createContentStore } from './db/content';
import { openDatabase } from './db/database';
import { createMessageStore } from './db/messages';
import { createSearchStore } from './db/search';
import { seedDatabase } from './db/seed';
import { createFieldDataStore } from './db/fieldData';
import { createStatsStore } from './db/stats';
import { answerClientError, ApiFailure, CODES, ERROR_MESSAGES, registerEnvelopeHandlers } from './envelope';
import { assetRoutes } from './routes/assets';
import { authRoutes } from './routes/auth';
import { contentRoutes } from './routes/content';
import { devRoutes } from './routes/dev';
import { isLoopback } from './net';
import { healthRoutes } from './routes/health';
import { messageRoutes } from './routes/message';
import { searchRoutes } from './routes/search';
import { statsRoutes } from './routes/stats';
import { hashSecret } from './security/hash';

export interface RateLimitSettings {
  /** Requests per window per client IP, over every route except /healthz. */
  max: number;
  timeWindowMs: number;
  /**
   * Loopback is exempt by default: load tests and the browser tests run from it, and a reverse proxy on the same
   * host would otherwise put every visitor into one bucket (set `trustProxy` in that case).
   */
  exemptLoopback: boolean;
}

export interface ServerOptions {
  databasePath: string;
  logger?: FastifyServerOptions['logger'];
  allowedOrigins?: string[];
  /** Default: NODE_ENV !== 'production'. */
  devEndpoints?: boolean;
  now?: () => number;
  rateLimit?: Partial<RateLimitSettings>;
  limits?: Partial<Limits>;
  /** Default: scrypt (`hashSecret`). */
  hashCode?: (code: string) => Promise<string>;
  /** Passed to Fastify: which proxies may set X-Forwarded-For (e.g. 'loopback'). */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

const sitePorts = [SHELL_PART.port, ...Object.values(REMOTE_PARTS).map((part) => part.port)];
export const DEFAULT_ALLOWED_ORIGINS = ['localhost', '127.0.0.1'].flatMap((host) =>
  sitePorts.map((port) => `http://${host}:${port}`),
);

/** Every form of the site is a few hundred bytes; 64 KB leaves room and refuses megabyte bodies early. */
export const BODY_LIMIT = 64 * 1024;

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { max: 600, timeWindowMs: 60_000, exemptLoopback: true };
export const DEFAULT_LIMITS: Limits = { sendCodePerIpPerHour: 10 };

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const devEndpoints = options.devEndpoints ?? process.env.NODE_ENV !== 'production';
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const rate: RateLimitSettings = { ...DEFAULT_RATE_LIMIT, ...options.rateLimit };

  const db = openDatabase(options.databasePath);
  try {
    await seedDatabase(db, now());
  } catch (error) {
    db.close();
    throw error;
  }

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    // A client that trickles its request must not hold a connection forever.
    requestTimeout: 30_000,
    clientErrorHandler: answerClientError,
  });
  app.addHook('onClose', () => db.close());

  const ctx: AppContext = {
    db,
    auth: createAuthStore(db),
    content: createContentStore(db),
    search: createSearchStore(db),
    messages: createMessageStore(db),
    stats: createStatsStore(db),
    fieldData: createFieldDataStore(db),
    now,
    limits,
    hashCode: options.hashCode ?? hashSecret,
    devCodes: devEndpoints ? new Map() : null,
  };

  registerEnvelopeHandlers(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
  });

  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  // Nothing here uses cookies, so credentials stay off and only the site's own origins may read replies.
  await app.register(cors, { origin: options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS, methods: ['GET', 'POST'] });
  await app.register(rateLimit, {
    max: rate.max,
    timeWindow: rate.timeWindowMs,
    allowList: rate.exemptLoopback ? (request) => isLoopback(request.ip) : undefined,
    errorResponseBuilder: (_request, context) =>
      new ApiFailure(CODES.tooMany, ERROR_MESSAGES.tooMany(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });

  healthRoutes(app, ctx);
  authRoutes(app, ctx);
  messageRoutes(app, ctx);
  searchRoutes(app, ctx);
  contentRoutes(app, ctx);
  assetRoutes(app, ctx);
  await statsRoutes(app, ctx);
  if (devEndpoints) devRoutes(app, ctx);

  return app;
}
