import type { AuthStore } from './db/auth';
import type { ContentStore } from './db/content';
import type { Db } from './db/database';
import type { FieldDataStore } from './db/fieldData';
import type { MessageStore } from './db/messages';
import type { SearchStore } from './db/search';
import type { StatsStore } from './db/stats';

/** Limits a deployment (or a test) may change; the defaults are in server.ts. */
export interface Limits {
  /** Verification codes one IP may request per hour. */
  sendCodePerIpPerHour: number;
}

/** What the route modules share: the stores, the clock, and the dev-only switches. */
export interface AppContext {
  db: Db;
  auth: AuthStore;
  content: ContentStore;
  search: SearchStore;
  messages: MessageStore;
  stats: StatsStore;
  fieldData: FieldDataStore;
  /** Milliseconds since the epoch; injected so tests can move time (code expiry, lockouts, duplicates). */
  now: () => number;
  limits: Limits;
  /** Hashes a verification code for storage; injected so tests can see which requests pay for a hash. */
  hashCode: (code: string) => Promise<string>;
  /** Latest plain code per mobile, kept only when dev endpoints are on (the database holds only hashes). */
  devCodes: Map<string, string> | null;
}
