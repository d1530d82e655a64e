/**
 * Small builds in the shape the factory writes them, for the budgets' tests: each part's stats file
 * (entry-assets.json), each remote's mf-manifest.json, and the files they name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { allRemoteModules, REMOTE_PARTS } from '@wenrun/shared/node';
import { siteBuildAt, type SiteBuild } from './pageFiles';

export interface TestBuildOptions {
  /** Extra text in the shell's app chunk (e.g. footer code, a URL). */
  appChunk?: string;
  /** Bytes of the shell's react chunk. */
  reactBytes?: number;
  /** Extra text in the shell's app stylesheet. */
  css?: string;
}

function write(file: string, text: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const group = (js: string[], css: string[] = [], shared: string[] = []) => ({ js, css, shared });

/** The exposed modules of a remote the fixture builds: those the route manifest shows (or opens on demand). */
function exposedBy(remote: string): string[] {
  return allRemoteModules().flatMap((ref) => (ref.remote === remote ? [ref.module] : []));
}

export function makeTestBuild(root: string, options: TestBuildOptions = {}): SiteBuild {
  const dir = fs.mkdtempSync(path.join(root, 'build-'));
  const shell = path.join(dir, 'shell', 'dist');
  for (const page of ['index.html', 'about/3/index.html', 'app.html']) write(path.join(shell, page), '<!doctype html><title>文润</title>');
  write(path.join(shell, 'main.11111111.js'), 'import("./bootstrap")');
  write(path.join(shell, 'bootstrap.22222222.js'), `console.log("app");${options.appChunk ?? ''}`);
  write(path.join(shell, 'bootstrap.22222222.css'), `/* https://github.com/semantic-org licence */.app{margin:0}${options.css ?? ''}`);
  write(path.join(shell, 'layout.33333333.js'), 'var footer="site-footer";');
  write(path.join(shell, 'layout.33333333.css'), '.site-footer{padding:0}');
  write(path.join(shell, 'home.bbbbbbbb.js'), 'var home="首页";');
  write(path.join(shell, 'home.bbbbbbbb.css'), '.home{margin:0}');
  write(path.join(shell, 'field-data.44444444.js'), 'var sampled=true;');
  write(path.join(shell, '696.55555555.js'), Buffer.alloc(options.reactBytes ?? 3000, 'r'));
  write(path.join(shell, '696.55555555.js.br'), Buffer.alloc(100));
  write(path.join(shell, '74.66666666.js'), 'var shared="@wenrun/shared";');
  write(path.join(shell, '8.77777777.js'), 'var axios=1;');
  write(
    path.join(shell, 'entry-assets.json'),
    JSON.stringify({
      main: {
        initial: group(['main.11111111.js']),
        async: group([]),
        groups: {
          bootstrap: group(['bootstrap.22222222.js'], ['bootstrap.22222222.css'], ['@wenrun/shared', 'react']),
          layout: group(['layout.33333333.js'], ['layout.33333333.css']),
          home: group(['home.bbbbbbbb.js'], ['home.bbbbbbbb.css']),
          'field-data': group(['field-data.44444444.js']),
        },
        shared: { react: group(['696.55555555.js']), '@wenrun/shared': group(['74.66666666.js'], [], ['axios', 'react']), axios: group(['8.77777777.js']) },
      },
    }),
  );
  for (const [name, { folder }] of Object.entries(REMOTE_PARTS)) {
    const dist = path.join(dir, folder, 'dist');
    const exposed = exposedBy(name).map((module) => ({ module, chunk: `__federation_expose_${module.slice(2)}` }));
    write(path.join(dist, 'remoteEntry.js'), `var ${name}={};`);
    for (const { chunk } of exposed) {
      write(path.join(dist, `${chunk}.88888888.js`), `var ${name}="<svg xmlns=\\"http://www.w3.org/2000/svg\\"></svg>";`);
      write(path.join(dist, `${chunk}.88888888.css`), `.${name}{padding:0}`);
    }
    write(path.join(dist, '696.99999999.js'), "var reactCopy=\"the remote's own react, unused when the shell provides it\";");
    write(path.join(dist, '170.aaaaaaaa.js'), 'var ui="the remote\'s own: the shell has no copy";');
    const assets = (chunk: string) => ({ js: { sync: [`${chunk}.88888888.js`] }, css: { sync: [`${chunk}.88888888.css`] } });
    write(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js' } }, exposes: exposed.map(({ module, chunk }) => ({ path: module, assets: assets(chunk) })) }),
    );
    const groups = Object.fromEntries(exposed.map(({ chunk }) => [chunk, group([`${chunk}.88888888.js`], [`${chunk}.88888888.css`], ['react', '@wenrun/shared/ui/modal'])]));
    write(
      path.join(dist, 'entry-assets.json'),
      JSON.stringify({
        [name]: {
          initial: group(['remoteEntry.js']),
          async: group([]),
          groups,
          shared: { react: group(['696.99999999.js']), '@wenrun/shared/ui/modal': group(['170.aaaaaaaa.js'], [], ['react']) },
        },
      }),
    );
  }
  return siteBuildAt(dir);
}
