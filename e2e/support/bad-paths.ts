/**
 * A seeded generator of hostile or broken paths under the site's routes (issue 11, bad paths). The same seed always
 * gives the same paths, so a failure is replayed with `BAD_PATHS_SEED=<seed>`.
 */
import { routeOf, seededRandom } from '@wenrun/shared/node';

/** How many paths a run generates: the browser visits the first BROWSER_PATHS, Jest the rest (bad-paths.test.ts). */
export const BAD_PATH_COUNT = 1_000;
/**
 * The paths visited in the browser by client-side navigation: the fixed extremes and enough generated ones that the
 * router switches between every kind of page many times. What the app decides for the others is checked in Jest.
 */
export const BROWSER_PATHS = 250;

/** The route prefixes the paths are generated under (docs/SPEC.md §2). */
export const BAD_PATH_PREFIXES = ['/', '/about/', '/search/', '/wuyou/'] as const;

/** The seed of this run: `BAD_PATHS_SEED` when set (to replay a failure), else a fixed one so that runs compare. */
export function badPathsSeed(): number {
  const fromEnv = process.env.BAD_PATHS_SEED;
  if (fromEnv === undefined || fromEnv === '') return 20261122;
  const seed = Number(fromEnv);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`BAD_PATHS_SEED must be a whole number, not ${fromEnv}`);
  return seed;
}

type Random = () => number;

const integer = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function percentEncodedBytes(random: Random): string {
  return Array.from({ length: integer(random, 1, 40) }, () =>
    `%${integer(random, 0, 255).toString(16).padStart(2, '0').toUpperCase()}`,
  ).join('');
}

/** Printable ASCII, CJK and a few astral characters, raw. */
function randomText(random: Random, length: number): string {
  const pools = ['abcdefghijklmnopqrstuvwxyz0123456789-_.~!$&\'()*+,;=:@', '班主任心理课程专家活动报名培训', '😀🎓📚𝒳'];
  let text = '';
  while (text.length < length) text += pick(random, [...pick(random, pools)]);
  return text;
}

const RAW_PERCENT = ['%', '%%', '%%%25', '%E4%ZZ', '%u0041', '%zz', '%2', '%00', '%FF%FE', '%C0%AF', '%ED%A0%80', '%E4%B8', '100%', '%0A%0D', '%09', '%7F'];
const DOT_SEGMENTS = ['..', '../..', '../../../../etc/passwd', '%2e%2e/', '.%2E/', '..%2F..%2F', '....//', './', '..;/', '%252e%252e'];
const UNICODE = [
  '😀',
  '👩‍👩‍👧‍👦',
  '🇨🇳',
  'مرحبا بالعالم',
  'שלום',
  '\u202Egnp.exe',
  'a\u200Bb\u200Dc',
  'é',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '教师培训',
  '﷽',
  '\uFEFF',
];
const HTML = [
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=1">',
  "'><svg onload=window.__pwned=1>",
  'javascript:window.__pwned=1',
  '<iframe src="javascript:window.__pwned=1">',
  '{{constructor.constructor("window.__pwned=1")()}}',
  '${window.__pwned=1}',
  '<a href="//evil.example">x</a>',
  '&lt;b&gt;&amp;&#x3C;',
];
const SLASHES = ['/', '//', '///', '\\', '\\\\evil.example', '//evil.example/', '/./', ';', ' ', '  x  '];
const TAILS = ['?q=<b>x</b>', '?%', '?a=%E4%ZZ&b=😀', '#<script>window.__pwned=1</script>', '#%E4', '?#', '#', '??x##y', '?redirect=//evil.example'];

const FRAGMENTS: ((random: Random) => string)[] = [
  percentEncodedBytes,
  (random) => randomText(random, integer(random, 1, 30)),
  (random) => pick(random, RAW_PERCENT),
  (random) => pick(random, DOT_SEGMENTS),
  (random) => pick(random, UNICODE),
  (random) => pick(random, HTML),
  (random) => pick(random, SLASHES),
  (random) => `${integer(random, 0, 9_999_999_999)}`,
  (random) => encodeURIComponent(randomText(random, integer(random, 1, 20))),
];

/** One generated path: a prefix, one to four fragments, sometimes a query or hash; about one in 25 is 5,000+ long. */
function badPath(random: Random): string {
  const prefix = pick(random, BAD_PATH_PREFIXES);
  if (random() < 0.04) return `${prefix}${randomText(random, 5_000)}`;
  let path: string = prefix;
  const count = integer(random, 1, 4);
  for (let index = 0; index < count; index += 1) {
    path += pick(random, FRAGMENTS)(random);
    if (random() < 0.3) path += '/';
  }
  if (random() < 0.2) path += pick(random, TAILS);
  return path;
}

/**
 * `count` paths for `seed`; a few fixed ones first (the extremes every run must cover), then generated ones, no
 * duplicates.
 */
export function generateBadPaths(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  const fixed = BAD_PATH_PREFIXES.flatMap((prefix) => [
    `${prefix}${'A'.repeat(5_000)}`,
    `${prefix}%`,
    `${prefix}%E4%ZZ`,
    `${prefix}..`,
    `${prefix}../../..`,
    `${prefix}<script>window.__pwned=1</script>`,
    `${prefix}😀مرحبا`,
    `${prefix}//x?y#z`,
  ]);
  const paths = new Set(fixed);
  while (paths.size < count) paths.add(badPath(random));
  return [...paths];
}

/** Which page the shell shows for a pathname: the route manifest's choice (`routeOf`), the server's too. */
export type RouteKind = 'home' | 'about' | 'search' | 'activity';

export function routeKindOf(pathname: string): RouteKind {
  const { id } = routeOf(pathname).route;
  return id === 'other' ? 'home' : id;
}
