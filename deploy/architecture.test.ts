import fs from 'node:fs';
import path from 'node:path';

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

/** The table under HEADING, one row per mechanism: every backticked name in its cells is a path. */
function mechanismTable(markdown: string): MechanismRow[] {
  const start = markdown.indexOf(`\n${HEADING}\n`);
  if (start < 0) throw new Error(`${ARCHITECTURE} 中没有「${HEADING}」`);
  const lines = markdown.slice(start).split('\n').slice(2);
  const table = lines.slice(lines.findIndex((line) => line.startsWith('|')));
  const rows = table.slice(0, table.findIndex((line) => !line.startsWith('|')));
  return rows.slice(2).map((line) => {
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
