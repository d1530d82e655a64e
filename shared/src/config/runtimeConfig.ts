// zod's tree-shakable build: the classic one would add ~20 KB (gzip) to every page.
import { z } from 'zod/mini';
import { API_PORT, MANIFEST_FILE, REMOTE_NAMES, REMOTE_PARTS, type RemoteName } from './parts';
import { releaseDigestsSchema, type ReleaseDigests } from './releaseDigests';

/**
 * The ops surface (docs/ARCHITECTURE.md, runtime config): one JSON file beside the shell's index.html, read once at start.
 * Every field has a default that works on a developer machine; a bad field falls back to its default alone.
 */
export interface ContactInfo {
  company: string;
  hotline: string;
  email: string;
  address: string;
  icp: string;
}

export interface OfficialAccount {
  name: string;
  url: string;
}

/** A share of visitors that loads a remote from another build first (its primary and fallbacks behind it). */
export interface CanaryRelease {
  /** The canary build's manifest. */
  entry: string;
  /** Share of visitors, 0–100; a visitor's bucket is drawn once and kept, so they keep seeing the same build. */
  percent: number;
}

export interface FieldDataConfig {
  /** Share of page views (0–1) whose measurements are sent; 0 sends nothing. */
  sampleRate: number;
}

export interface RuntimeConfig {
  apiBaseUrl: string;
  statsBaseUrl: string;
  trainingSystemUrl: string;
  contact: ContactInfo;
  officialAccounts: OfficialAccount[];
  /** Remote name -> manifest URLs, primary first, then last-known-good fallbacks. */
  remotes: Record<RemoteName, string[]>;
  /** Remotes being rolled out to a share of visitors (`"remotes": { name: { "entries": […], "canary": {…} } }`). */
  canaries: Partial<Record<RemoteName, CanaryRelease>>;
  fieldData: FieldDataConfig;
  /** Each released entry's files by SHA-384, written by the release steps (`releaseDigests.ts`); none by default. */
  digests: ReleaseDigests;
}

/**
 * The defaults with each part on its port at `on(port)`. The spec's {phone} and {email} placeholders become these;
 * they say plainly that they are demo values.
 */
const defaultsOn = (on: (port: number) => string): RuntimeConfig => ({
  apiBaseUrl: on(API_PORT),
  statsBaseUrl: `${on(API_PORT)}/stats`,
  trainingSystemUrl: `${on(API_PORT)}/training-system/`,
  contact: {
    company: '文润教育科技有限公司（演示）',
    hotline: '400-000-0000（演示号码）',
    email: 'service@example.com（演示邮箱）',
    address: '北京市海淀区中关村大街 1 号（演示地址）',
    icp: '京ICP备00000000号-1（演示）',
  },
  officialAccounts: [
    { name: '文润教育', url: `${on(API_PORT)}/accounts/wenrun` },
    { name: '文润研训', url: `${on(API_PORT)}/accounts/yanxun` },
    { name: '文润智慧云', url: `${on(API_PORT)}/accounts/cloud` },
  ],
  remotes: Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, [`${on(REMOTE_PARTS[name].port)}/${MANIFEST_FILE}`]]),
  ) as Record<RemoteName, string[]>,
  canaries: {},
  // Every view on a developer machine, so a change shows at once; production configs sample (README, operations).
  fieldData: { sampleRate: 1 },
  digests: {},
});

export const DEFAULT_RUNTIME_CONFIG = defaultsOn((port) => `http://localhost:${port}`);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const httpUrl = z.string().check(z.trim(), z.maxLength(2048), z.refine(isHttpUrl, '不是 http(s) 地址'));

export const HTTPS_ONLY_MESSAGE = '不是 https 地址（生产形态只接受 https:）';
/** A remote of the production form with no usable entry: never the demo's loopback address, its slot's fallback. */
export const NO_ENTRY_MESSAGE = '没有可用的 https 地址，生产形态不回退到本机 http 默认地址：这个位置显示后备内容';
const isHttps = (url: string) => url.startsWith('https:');
/** What the production form over TLS takes where code or calls come from: nothing a network in between could rewrite. */
const httpsUrl = httpUrl.check(z.refine(isHttps, HTTPS_ONLY_MESSAGE));

const text = z.string().check(z.trim(), z.minLength(1, '不能为空'), z.maxLength(200, '超过 200 字'));

const contactSchema = z.object({
  company: text,
  hotline: text,
  email: text,
  address: text,
  icp: text,
});

const officialAccountsSchema = z
  .array(z.object({ name: text, url: httpUrl }))
  .check(z.minLength(1), z.maxLength(6));

/** The most entries (a primary and its fallbacks) a remote may list. */
export const MAX_REMOTE_ENTRIES = 5;

const entryListSchema = z.union([
  z.pipe(httpUrl, z.transform((url: string) => [url])),
  z.array(httpUrl).check(z.minLength(1), z.maxLength(MAX_REMOTE_ENTRIES)),
]);

const canarySchemaWith = (entry: typeof httpUrl) =>
  z.object({
    entry,
    percent: z.number().check(z.gte(0, '不能小于 0'), z.lte(100, '不能大于 100')),
  });
const canarySchema = canarySchemaWith(httpUrl);
const httpsCanarySchema = canarySchemaWith(httpsUrl);

const fieldDataSchema = z.object({
  sampleRate: z.number().check(z.gte(0, '不能小于 0'), z.lte(1, '不能大于 1')),
});

/**
 * Every field of the file the parser reads, and it reads the file through this list alone (`given`), so a new field is
 * a name here; the README's runtime config table names each (deploy/architecture.test.ts).
 */
export const RUNTIME_CONFIG_FIELDS = ['apiBaseUrl', 'statsBaseUrl', 'trainingSystemUrl', 'contact', 'officialAccounts', 'remotes', 'fieldData', 'digests'] as const;
type GivenFields = Partial<Record<(typeof RUNTIME_CONFIG_FIELDS)[number], unknown>>;

export interface ParsedRuntimeConfig {
  config: RuntimeConfig;
  /** One line per field that was missing or bad and fell back to its default. */
  problems: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface ParseOptions {
  /**
   * The production form over TLS (its start says so: deploy/ops/nginx/start.ts; the release command reads it from an
   * https API): an `http:` remote entry (primary, fallback or canary) is reported and not used, so no server
   * evaluates code fetched over plain HTTP and no page's CSP names an `http:` origin. A list loses only its `http:`
   * entries; a remote left with none (or missing, or broken) gets no default either: its slot shows its fallback. An
   * `apiBaseUrl` or `statsBaseUrl` that is not https (or missing) refuses the config: `parseRuntimeConfig` throws.
   * The demo (`npm start`) keeps `http://localhost`.
   */
  httpsOnly?: boolean;
}

/**
 * The production form's API and statistics addresses have no default: the demo's (`http://localhost:3100`) would
 * send the render servers' data calls, and their service token, to whatever a local user serves there. A config
 * without an https one is refused whole (nginx keeps the last good one, a render server its renderer).
 */
function refuseWithoutHttpsApi(given: GivenFields): void {
  const refused = (['apiBaseUrl', 'statsBaseUrl'] as const).flatMap((name) => {
    if (given[name] === undefined) return [`${name}: 缺少`];
    const result = httpsUrl.safeParse(given[name]);
    return result.success ? [] : [`${name}: ${result.error.issues[0]?.message ?? '格式不对'}`];
  });
  if (refused.length) throw new Error(`${refused.join('；')}：生产形态没有默认的 API 地址，已拒绝这份配置`);
}

/** Field by field: a bad `contact.email` costs only that field, never the whole file. */
export function parseRuntimeConfig(raw: unknown, { httpsOnly = false }: ParseOptions = {}): ParsedRuntimeConfig {
  const problems: string[] = [];
  const defaults = DEFAULT_RUNTIME_CONFIG;
  if (!isRecord(raw)) {
    return { config: defaults, problems: ['runtime-config.json 不是 JSON 对象，全部使用默认值'] };
  }
  const given: GivenFields = Object.fromEntries(RUNTIME_CONFIG_FIELDS.map((name) => [name, raw[name]]));

  function field<T>(name: string, schema: z.ZodMiniType<T>, value: unknown, fallback: T): T {
    if (value === undefined) return fallback;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    problems.push(`${name}: ${result.error.issues[0]?.message ?? '格式不对'}，使用默认值`);
    return fallback;
  }

  const rawContact = isRecord(given.contact) ? given.contact : {};
  if (given.contact !== undefined && !isRecord(given.contact)) problems.push('contact: 不是对象，使用默认值');
  const contact = Object.fromEntries(
    (Object.keys(defaults.contact) as (keyof ContactInfo)[]).map((key) => [
      key,
      field(`contact.${key}`, contactSchema.shape[key], rawContact[key], defaults.contact[key]),
    ]),
  ) as unknown as ContactInfo;

  const rawRemotes = isRecord(given.remotes) ? given.remotes : {};
  if (given.remotes !== undefined && !isRecord(given.remotes)) problems.push('remotes: 不是对象，使用默认值');
  for (const name of Object.keys(rawRemotes)) {
    if (!(REMOTE_NAMES as string[]).includes(name)) problems.push(`remotes.${name}: 不认识的 remote，已忽略`);
  }
  // A remote is a URL, a list, or `{ entries, canary }`: a bad canary costs only the canary.
  const remotes = {} as Record<RemoteName, string[]>;
  const canaries: Partial<Record<RemoteName, CanaryRelease>> = {};
  for (const name of REMOTE_NAMES) {
    const value = rawRemotes[name];
    const release = isRecord(value) ? value : { entries: value };
    if (isRecord(value) && value.entries === undefined) problems.push(`remotes.${name}.entries: 缺少，使用默认值`);
    // The demo's defaults are loopback http: addresses; the production form, where nothing of ours listens there
    // and any local user could, takes none of them: a remote without a usable entry is its slot's fallback.
    const listed = field<string[] | undefined>(`remotes.${name}`, entryListSchema, release.entries, undefined) ?? (httpsOnly ? [] : defaults.remotes[name]);
    const usable = httpsOnly ? listed.filter(isHttps) : listed;
    for (const entry of listed.filter((entry) => !usable.includes(entry))) problems.push(`remotes.${name}: ${entry} ${HTTPS_ONLY_MESSAGE}，已去掉`);
    if (!usable.length) problems.push(`remotes.${name}: ${NO_ENTRY_MESSAGE}`);
    remotes[name] = usable;
    const canary = field<CanaryRelease | undefined>(`remotes.${name}.canary`, httpsOnly ? httpsCanarySchema : canarySchema, release.canary, undefined);
    if (canary) canaries[name] = canary;
  }

  if (httpsOnly) refuseWithoutHttpsApi(given);
  return {
    config: {
      apiBaseUrl: field('apiBaseUrl', httpsOnly ? httpsUrl : httpUrl, given.apiBaseUrl, defaults.apiBaseUrl),
      statsBaseUrl: field('statsBaseUrl', httpsOnly ? httpsUrl : httpUrl, given.statsBaseUrl, defaults.statsBaseUrl),
      trainingSystemUrl: field('trainingSystemUrl', httpUrl, given.trainingSystemUrl, defaults.trainingSystemUrl),
      contact,
      officialAccounts: field('officialAccounts', officialAccountsSchema, given.officialAccounts, defaults.officialAccounts),
      remotes,
      canaries,
      fieldData: field('fieldData', fieldDataSchema, given.fieldData, defaults.fieldData),
      // A bad list pins nothing: every entry then fails closed, never loads unchecked.
      digests: field('digests', releaseDigestsSchema, given.digests, defaults.digests),
    },
    problems,
  };
}

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

/** The config every part reads; the shell sets it once at start, a remote's standalone page keeps the defaults. */
export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export const RUNTIME_CONFIG_TIMEOUT_MS = 5000;

/**
 * What the browser uses when `runtime-config.json` cannot be read: the config the page was rendered with when it
 * carries one (checked like the file), else the defaults. Defaults name `localhost`, right on a developer machine
 * and wrong for a visitor's phone: on any other host they are moved onto the page's own host, each part on its port.
 */
export function fallbackRuntimeConfig(pageLocation: { protocol: string; hostname: string }, carried?: unknown): RuntimeConfig {
  if (carried !== undefined) {
    const { config, problems } = parseRuntimeConfig(carried);
    if (problems.length === 0) return config;
  }
  if (['localhost', '127.0.0.1', '[::1]'].includes(pageLocation.hostname)) return DEFAULT_RUNTIME_CONFIG;
  return defaultsOn((port) => `${pageLocation.protocol}//${pageLocation.hostname}:${port}`);
}

/**
 * Fetches and validates the config; a missing, slow or broken file is reported and the fallback used (the site must
 * start either way), made only then when given as a function (a page's carried config costs a validation).
 */
export async function loadRuntimeConfig(
  url: string,
  fetchImpl: typeof fetch = fetch,
  fallbackOrMake: RuntimeConfig | (() => RuntimeConfig) = DEFAULT_RUNTIME_CONFIG,
): Promise<RuntimeConfig> {
  let raw: unknown;
  // Not AbortSignal.timeout(): older phone browsers in use lack it.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RUNTIME_CONFIG_TIMEOUT_MS);
  try {
    const response = await fetchImpl(url, { cache: 'no-cache', signal: controller.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    raw = await response.json();
  } catch (error) {
    const fallback = typeof fallbackOrMake === 'function' ? fallbackOrMake() : fallbackOrMake;
    console.error(`[runtime-config] 无法读取 ${url}（${String(error)}），改用${fallback === DEFAULT_RUNTIME_CONFIG ? '默认值' : '页面携带或本站地址上的配置'}`);
    setRuntimeConfig(fallback);
    return fallback;
  } finally {
    clearTimeout(timer);
  }
  const { config, problems } = parseRuntimeConfig(raw);
  for (const problem of problems) console.error(`[runtime-config] ${problem}`);
  setRuntimeConfig(config);
  return config;
}
