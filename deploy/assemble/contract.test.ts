import { checkContract, type BuiltPart, type ContractInput, type Manifest } from './contract';

const SINGLETONS = ['react', '@wenrun/shared'];

function manifest(name: string, exposes: string[], shared: Partial<Record<string, [string, string]>> = {}): Manifest {
  const versions = { react: ['18.3.1', '18.3.1'], '@wenrun/shared': ['0.1.0', '^0.1.0'], ...shared };
  return {
    name,
    metaData: { globalName: name, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: exposes.map((path) => ({ path })),
    shared: Object.entries(versions).map(([pkg, pair]) => ({
      name: pkg,
      version: pair?.[0] ?? '',
      requiredVersion: pair?.[1],
      singleton: true,
    })),
  };
}

function input(overrides: { header?: Manifest | undefined; about?: Manifest } = {}): ContractInput {
  const part = (folder: string, built: Manifest | undefined): BuiltPart => ({ part: folder, manifest: built });
  return {
    shell: part('shell', manifest('shell', [])),
    remotes: {
      header: part('remote-header', 'header' in overrides ? overrides.header : manifest('header', ['./Header', './SearchResults'])),
      about: part('remote-about', overrides.about ?? manifest('about', ['./AboutPage'])),
      auth: part('remote-auth', manifest('auth', ['./LoginModal'])),
      wuyou: part('remote-wuyou', manifest('wuyou', ['./ActivityPage'])),
    },
    required: { header: ['./Header', './SearchResults'], about: ['./AboutPage'], auth: ['./LoginModal'], wuyou: ['./ActivityPage'] },
    singletons: SINGLETONS,
    fromShell: SINGLETONS,
    sharedPackage: { name: '@wenrun/shared', version: '0.1.0' },
  };
}

describe('checkContract', () => {
  it('passes when every part keeps the contract', () => {
    expect(checkContract(input())).toEqual([]);
  });

  it('names the part and the module when a remote drops an exposed module', () => {
    const problems = checkContract(input({ header: manifest('header', ['./Header']) }));
    expect(problems).toEqual([expect.stringMatching(/^remote-header：.*header\/SearchResults/)]);
  });

  it('fails when a remote bumps React to an incompatible major', () => {
    const problems = checkContract(input({ about: manifest('about', ['./AboutPage'], { react: ['19.0.0', '^19.0.0'] }) }));
    expect(problems).toEqual([expect.stringMatching(/^shell：react@18\.3\.1 不满足 remote-about 要求的 \^19\.0\.0/)]);
  });

  it('takes a singleton the shell brings from the shell alone: what a remote lists beside it is no offer', () => {
    // Federation's manifest writes a consumed package's exact required version as `..3.0...6` (it formats the
    // range string as a parsed range); the remote carries no copy, so only its requirement counts.
    const about = manifest('about', ['./AboutPage'], { react: ['..3.0...6', '18.3.1'] });
    expect(checkContract(input({ about }))).toEqual([]);
  });

  it('fails when a part was built against another version of the shared package', () => {
    const problems = checkContract(
      input({ about: manifest('about', ['./AboutPage'], { '@wenrun/shared': ['0.2.0', '^0.2.0'] }) }),
    );
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^remote-about：用 @wenrun\/shared@0\.2\.0 构建/)]));
  });

  it('fails when the shell stops offering a singleton the remotes carry no copy of', () => {
    const built = input();
    const shell = manifest('shell', []);
    built.shell = { part: 'shell', manifest: { ...shell, shared: shell.shared.filter((entry) => entry.name !== 'react') } };
    expect(checkContract(built)).toEqual([expect.stringMatching(/^shell：没有提供 react/)]);
  });

  it('fails when a remote’s container is not beside its manifest, where the browser looks for it', () => {
    const about = manifest('about', ['./AboutPage']);
    const moved = { ...about, metaData: { globalName: 'about', remoteEntry: { name: 'remoteEntry.js', path: 'js' } } };
    expect(checkContract(input({ about: moved }))).toEqual([expect.stringMatching(/^remote-about：容器不在清单旁的 remoteEntry\.js（js\/remoteEntry\.js）/)]);
  });

  it('fails when a remote was not built', () => {
    expect(checkContract(input({ header: undefined }))).toEqual([expect.stringMatching(/^remote-header：没有 mf-manifest\.json/)]);
  });
});
