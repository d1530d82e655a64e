import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_FIELDS } from '@wenrun/shared/node';
import { DEFAULT_THRESHOLDS, GUARD_CONFIG_FIELD } from './ops/release/thresholds';

const ROOT = path.resolve(__dirname, '..');
const ARCHITECTURE = 'docs/ARCHITECTURE.md';
const HEADING = '## Where each mechanism lives';

/** Folders that hold no source of ours: dependencies, build output, test output. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'dist-standalone', 'test-results', 'results']);

interface MechanismRow {
  mechanism: string;
  folder: string[];
  entry: string[];
  readme: string[];
  tests: string[];
}

const backticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

/** The body rows (below the header and its rule) of the first table under `heading` in `file`. */
function tableRows(file: string, markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} 中没有「${heading}」`);
  const lines = markdown.slice(start).split('\n').slice(2);
  const table = lines.slice(lines.findIndex((line) => line.startsWith('|')));
  const end = table.findIndex((line) => !line.startsWith('|'));
  return table.slice(2, end < 0 ? undefined : end);
}

/** The table under HEADING, one row per mechanism: every backticked name in its cells is a path. */
function mechanismTable(markdown: string): MechanismRow[] {
  return tableRows(ARCHITECTURE, markdown, HEADING).map((line) => {
    const [mechanism = '', folder = '', entry = '', readme = '', tests = ''] = line.split('|').slice(1, -1);
    return { mechanism: mechanism.trim(), folder: backticked(folder), entry: backticked(entry), readme: backticked(readme), tests: backticked(tests) };
  });
}

function kindOf(relative: string): 'file' | 'folder' | 'missing' {
  const full = path.join(ROOT, relative);
  if (!fs.existsSync(full)) return 'missing';
  return fs.statSync(full).isDirectory() ? 'folder' : 'file';
}

/** What is wrong with one row, in Chinese, one line per problem. */
function rowProblems(row: MechanismRow, kind: (relative: string) => 'file' | 'folder' | 'missing' = kindOf): string[] {
  const problems: string[] = [];
  const expect = (column: string, paths: string[], want: (relative: string) => string | undefined) => {
    if (!paths.length) problems.push(`${row.mechanism}：「${column}」一栏没有路径`);
    for (const relative of paths) {
      if (kind(relative) === 'missing') problems.push(`${row.mechanism}：${relative} 不存在`);
      else {
        const wrong = want(relative);
        if (wrong) problems.push(`${row.mechanism}：${relative} ${wrong}`);
      }
    }
  };
  expect('folder', row.folder, (relative) => (kind(relative) === 'folder' ? undefined : '不是目录'));
  expect('entry', row.entry, (relative) => (kind(relative) === 'file' ? undefined : '不是文件'));
  expect('README', row.readme, (relative) => (kind(relative) === 'file' && relative.endsWith('.md') ? undefined : '不是 Markdown 文件'));
  expect('tests', row.tests, (relative) =>
    kind(relative) === 'folder' || /\.(test\.tsx?|spec\.ts)$/.test(relative) ? undefined : '不是测试文件（也不是放测试的目录）',
  );
  return problems;
}

/** Every Markdown file of the repository's own folders. */
function markdownFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') || NOT_SOURCE.has(entry.name) ? [] : markdownFiles(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

/**
 * A source file named from the repository's root (`deploy/serve/headers.ts`), as the docs name them; build output and
 * names relative to the document's own folder are not matched.
 */
const SOURCE_PATH = /^(?:shared|shell|remote-[a-z]+|render-server|reference-api|deploy|bench|e2e|docs|eslint|jest|types)\/[^\s*{}]*\.(?:tsx?|mjs|cjs|md)$/;

/** A log of past sessions: it names files as they were then. */
const HISTORY = 'BENCHMARKS.md';

/**
 * The paths a Markdown file names relative to its own folder: backticked names that start with `./` or `../` and
 * end with a file's extension or a folder's `/` (not a remote's exposed module, `./Header`), and the targets of its
 * links that are not addresses or anchors (without their `#anchor`).
 */
function relativeLinks(markdown: string): string[] {
  const named = backticked(markdown).filter((name) => /^\.\.?\/[^\s]*(?:\.[a-z]+|\/)$/.test(name));
  const linked = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? '').replace(/#.*$/, ''))
    .filter((target) => target !== '' && !/^[a-z][a-z+.-]*:/i.test(target));
  return [...named, ...linked];
}

/** Each relative link of a Markdown file that leads nowhere, as `file：link`. */
function brokenLinks(file: string, markdown: string, exists: (relative: string) => boolean = (relative) => kindOf(relative) !== 'missing'): string[] {
  return relativeLinks(markdown)
    .filter((link) => !exists(path.posix.join(path.posix.dirname(file), link)))
    .map((link) => `${file}：${link}`);
}

describe(`${ARCHITECTURE}: where each mechanism lives`, () => {
  const rows = mechanismTable(fs.readFileSync(path.join(ROOT, ARCHITECTURE), 'utf8'));

  it('names, for every mechanism, a folder, an entry, a README and tests that exist', () => {
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.flatMap((row) => rowProblems(row))).toEqual([]);
  });

  it('leaves no README of the repository out: each is reachable from the table', () => {
    const named = new Set(rows.flatMap((row) => row.readme));
    const readmes = markdownFiles().filter((file) => file.endsWith('/README.md'));
    expect(readmes.filter((readme) => !named.has(readme))).toEqual([]);
  });

  it('every source file the docs name from the root exists (a renamed file leaves no stale name behind)', () => {
    const stale = markdownFiles()
      .filter((file) => file !== HISTORY)
      .flatMap((file) =>
        backticked(fs.readFileSync(path.join(ROOT, file), 'utf8'))
          .filter((name) => SOURCE_PATH.test(name) && kindOf(name) === 'missing')
          .map((name) => `${file}：${name}`),
      );
    expect(stale).toEqual([]);
  });

  it('every relative link of every README and doc leads to a file or folder that exists', () => {
    const broken = markdownFiles()
      .filter((file) => file !== HISTORY)
      .flatMap((file) => brokenLinks(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(broken).toEqual([]);
  });

  it('finds a relative link that leads nowhere, backticked or linked, and leaves addresses and anchors alone', () => {
    const markdown = '`../nuChecker.ts`, `../../../e2e/tools/nuChecker.ts`, `./Header`, [the spec](../../../docs/SPEC.md#7), [away](https://example.cn/x), [here](#top)';
    expect(brokenLinks('deploy/assemble/webpack/README.md', markdown)).toEqual(['deploy/assemble/webpack/README.md：../nuChecker.ts']);
  });

  it('fails on a path that does not exist, or in the wrong column', () => {
    const row = rows.find((candidate) => candidate.mechanism === 'canary');
    expect(row).toBeDefined();
    if (!row) return;
    expect(rowProblems({ ...row, entry: ['shell/src/canary/canaries.ts'] })).toEqual(['canary：shell/src/canary/canaries.ts 不存在']);
    expect(rowProblems({ ...row, tests: [] })).toEqual(['canary：「tests」一栏没有路径']);
    expect(rowProblems({ ...row, readme: ['shell/src/canary/canary.ts'] })).toEqual(['canary：shell/src/canary/canary.ts 不是 Markdown 文件']);
    expect(rowProblems({ ...row, tests: ['shell/src/canary/canary.ts'] })).toEqual([
      'canary：shell/src/canary/canary.ts 不是测试文件（也不是放测试的目录）',
    ]);
  });
});

/** The one place the docs name the runtime config's fields: the README's table, one row a field. */
const CONFIG_DOC = 'README.md';
const CONFIG_HEADING = '## Runtime config (the ops surface)';

/** Every field the file may hold, as its parsers read them: the shell's, and the guard's own. */
const CONFIG_DEFAULTS: Record<string, unknown> = {
  ...Object.fromEntries(RUNTIME_CONFIG_FIELDS.map((name) => [name, DEFAULT_RUNTIME_CONFIG[name]])),
  [GUARD_CONFIG_FIELD]: DEFAULT_THRESHOLDS,
};

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys inside a field's default, at any depth (`contact.hotline` as `hotline`): each is one the row must name. */
const keysOf = (value: unknown): string[] =>
  isPlainObject(value) ? Object.entries(value).flatMap(([key, inner]) => [key, ...(Array.isArray(inner) ? [] : keysOf(inner))]) : [];

/** The rows of the table under `heading`: the field its first cell names, and every word backticked in the row. */
function configTable(markdown: string, heading: string): Map<string, Set<string>> {
  return new Map(
    tableRows(CONFIG_DOC, markdown, heading).map((line) => {
      const [name = ''] = backticked(line.split('|')[1] ?? '');
      return [name, new Set(backticked(line).flatMap((words) => words.match(/[A-Za-z]+/g) ?? []))];
    }),
  );
}

/** What the table leaves out or names wrongly, in Chinese, one line per problem. */
function configDocProblems(table: Map<string, Set<string>>, defaults: Record<string, unknown>): string[] {
  const unnamed = Object.keys(defaults)
    .filter((field) => !table.has(field))
    .map((field) => `${CONFIG_DOC}：运行时配置字段 ${field} 解析器接受，文档没有写`);
  const unknown = [...table.keys()].filter((field) => !(field in defaults)).map((field) => `${CONFIG_DOC}：${field} 不是解析器接受的字段`);
  const keys = Object.entries(defaults).flatMap(([field, value]) =>
    keysOf(value)
      .filter((key) => table.has(field) && !table.get(field)?.has(key))
      .map((key) => `${CONFIG_DOC}：${field} 的 ${key} 没有写`),
  );
  return [...unnamed, ...unknown, ...keys];
}

describe(`${CONFIG_DOC}: every runtime-config field the parsers accept, named once`, () => {
  const table = configTable(fs.readFileSync(path.join(ROOT, CONFIG_DOC), 'utf8'), CONFIG_HEADING);

  it('names each field and each key of its default in the runtime config table, and no field the parsers do not read', () => {
    expect(configDocProblems(table, CONFIG_DEFAULTS)).toEqual([]);
  });

  it('fails on a field the parser accepts and the docs do not name, and on a key of a field left out', () => {
    expect(configDocProblems(table, { ...CONFIG_DEFAULTS, siteBanner: 'x' })).toEqual([`${CONFIG_DOC}：运行时配置字段 siteBanner 解析器接受，文档没有写`]);
    expect(configDocProblems(table, { ...CONFIG_DEFAULTS, fieldData: { sampleRate: 1, sendErrors: true } })).toEqual([`${CONFIG_DOC}：fieldData 的 sendErrors 没有写`]);
  });
});
