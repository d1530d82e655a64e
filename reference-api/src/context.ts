import type { AuthStore } from './db/auth';
import type { ContentStore } from './db/content';
import type { Db } from './db/database';
import type { FieldDataStore } from './db/fieldData/store';
import type { MessageStore } from './db/messages';
import type { SearchStore } from './db/search';
import type { StatsStore } from './db/stats';
import type { HashGate } from './security/hashGate';

/** Limits a deployment (or a test) may change; the defaults are in server.ts. */
export interface Limits {
  /** Verification codes one address may request per hour. */
  sendCodePerIpPerHour: number;
  /** Codes one mobile may be sent per hour, from whatever addresses: nobody's phone is flooded. */
  sendCodePerMobilePerHour: number;
  /** Codes the whole site sends per hour: what SMS pumping from many addresses can cost at most. */
  sendCodePerHour: number;
  /** Messages one address may leave per day (24 hours). */
  messagesPerIpPerDay: number;
  /** How long a field data summary is answered from memory (ms): computing one reads up to a week of views. */
  fieldSummaryCacheMs: number;
  /** New page views of field data one client may send per hour; past it, that hour of the client counts for nothing. */
  fieldViewsPerClientPerHour: number;
}

/** What the route modules share: the stores, the clock, and the demo's switches. */
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
  /** The site's own origins: CORS, and the only pages whose forms may send codes and messages. */
  siteOrigins: ReadonlySet<string>;
  /** Hashes a verification code for storage; injected so tests can see which requests pay for a hash. */
  hashCode: (code: string) => Promise<string>;
  /** Every scrypt of a request passes it: a share per client, the waiting ones served a client at a time. */
  hashGate: HashGate;
  /** Latest plain code per mobile, kept only in demo mode (the database holds only hashes). */
  devCodes: Map<string, string> | null;
}
