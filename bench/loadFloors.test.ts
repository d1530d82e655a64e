import { acceptFloors, checkFloors, ratios, referenceOf, REFERENCES } from './loadFloors';

const MACHINE = { cpu: '测试机', cores: 2, node: 'v26.12.1' };

/** One run of the bench's rows, as the load bench names them, at `speed` times the accepted machine's figures. */
function run(speed: number, slower: Record<string, number> = {}) {
  const figures: Record<string, number> = {
    [REFERENCES.nginxFile]: 12_000,
    [REFERENCES.npmStartFile]: 5_000,
    [REFERENCES.nginxMainFile]: 4_000,
    [REFERENCES.npmStartMainFile]: 4_500,
    [REFERENCES.nginxRemoteEntryFile]: 13_000,
    [REFERENCES.npmStartRemoteEntryFile]: 6_000,
    [REFERENCES.renderAnswer]: 9_000,
    [REFERENCES.apiAnswer]: 8_000,
    'nginx /': 11_000,
    'nginx /about/3': 10_800,
    'nginx main.js': 3_600,
    'nginx /wuyou/1': 450,
    'nginx /search/课程': 380,
    'npm start /': 4_600,
    'npm start / 配置修改后': 4_400,
    'npm start 留言 websiteMessage1.0': 900,
  };
  return Object.entries(figures).map(([name, figure]) => ({ name, requestsPerSecond: Math.round(figure * speed * (slower[name] ?? 1)), errors: 0, non2xx: 0 }));
}

describe('bench:load floors as ratios to a reference of the same run', () => {
  it('gives every row a reference that does the same kind of work, and none to a reference', () => {
    expect(referenceOf('nginx / 配置修改后')).toBe(REFERENCES.nginxFile);
    expect(referenceOf('nginx remoteEntry.js')).toBe(REFERENCES.nginxRemoteEntryFile);
    expect(referenceOf('npm start remoteEntry.js')).toBe(REFERENCES.npmStartRemoteEntryFile);
    expect(referenceOf('nginx main.js')).toBe(REFERENCES.nginxMainFile);
    expect(referenceOf('nginx /search/课程')).toBe(REFERENCES.renderAnswer);
    expect(referenceOf('nginx /wuyou/1')).toBe(REFERENCES.nginxFile);
    expect(referenceOf('nginx 两页，中途杀掉一个渲染服务器')).toBe(REFERENCES.renderAnswer);
    expect(referenceOf('npm start main.js')).toBe(REFERENCES.npmStartMainFile);
    expect(referenceOf('npm start 留言 websiteMessage1.0')).toBe(REFERENCES.apiAnswer);
    expect(referenceOf('PostgreSQL npm start 留言 websiteMessage1.0')).toBe(`PostgreSQL ${REFERENCES.apiAnswer}`);
    expect(Object.values(REFERENCES).map(referenceOf)).toEqual(Object.values(REFERENCES).map(() => undefined));
  });

  const accepted = acceptFloors(run(1), undefined, MACHINE);
  const quiet = () => undefined;

  it('passes on a machine half as fast, or twice as fast, when nothing regressed', () => {
    expect(checkFloors(run(0.46), accepted, quiet)).toEqual([]);
    expect(checkFloors(run(2.1), accepted, quiet)).toEqual([]);
  });

  it('fails on a machine twice as fast when a cached page is no longer kept (rendered per request instead)', () => {
    const failures = checkFloors(run(2, { 'nginx /': 0.04 }), accepted, quiet);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^nginx \/：0\.0\d+ × nginx 同尺寸文件，下限 0\.6\d+/);
  });

  it('judges each row against its reference as measured just before it, not at the start of the run', () => {
    const drifting = [
      { name: REFERENCES.nginxFile, requestsPerSecond: 6_000, errors: 0, non2xx: 0 },
      { name: 'nginx /', requestsPerSecond: 5_500, errors: 0, non2xx: 0 },
      // The machine is twice as fast a few minutes later: the next row's own reference says so.
      { name: REFERENCES.nginxFile, requestsPerSecond: 12_000, errors: 0, non2xx: 0 },
      { name: 'nginx /about/3', requestsPerSecond: 10_800, errors: 0, non2xx: 0 },
    ];
    expect(checkFloors(drifting, accepted, quiet)).toEqual([]);
    expect(ratios(drifting).get('nginx /')?.ratio).toBeCloseTo(0.917);
  });

  it('fails a row that had errors, whatever its ratio', () => {
    const errored = run(1).map((row) => (row.name === 'nginx /wuyou/1' ? { ...row, errors: 3 } : row));
    expect(checkFloors(errored, accepted, quiet)).toEqual([expect.stringContaining('nginx /wuyou/1：')]);
  });

  it('fails a row whose visitors were refused (429) however fast the refusals came', () => {
    const refused = run(1).map((row) => (row.name === 'nginx /' ? { ...row, non2xx: 120 } : row));
    expect(checkFloors(refused, accepted, quiet)).toEqual([expect.stringContaining('非 2xx 120')]);
  });

  it('keeps the machine and the references it accepted on, and the floors of rows not run this time', () => {
    expect(accepted.machine).toEqual(MACHINE);
    expect(accepted.references[REFERENCES.nginxFile]).toBe(12_000);
    const again = acceptFloors(run(1).filter((row) => row.name.startsWith('nginx')), accepted, MACHINE);
    expect(Object.keys(again.rows).sort()).toEqual(Object.keys(accepted.rows).sort());
  });
});
