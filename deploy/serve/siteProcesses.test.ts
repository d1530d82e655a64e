import fs from 'node:fs';
import path from 'node:path';
import { API_PORT, REMOTE_PARTS, RENDER_PORT, SHELL_PART } from '@wenrun/shared/node';
import { guardProcess, layoutFrom, SERVED_PARTS, siteProcesses } from './siteProcesses';

const readyPorts = (layout?: Parameters<typeof siteProcesses>[0]) => siteProcesses(layout).map((spec) => Number(new URL(spec.readyUrl ?? '').port));

describe('siteProcesses: where the site listens', () => {
  it('by default on the parts table\'s ports, from each part\'s own dist/ (npm start)', () => {
    const parts = [SHELL_PART, ...Object.values(REMOTE_PARTS)].map((part) => part.port);
    expect(readyPorts()).toEqual([...parts, API_PORT, RENDER_PORT]);
    const specs = siteProcesses();
    expect(specs.flatMap((spec) => spec.args ?? [])).not.toContain('--builds');
    expect(specs.find((spec) => spec.name === 'render-server')?.env).not.toHaveProperty('SHELL_DIR');
    // The parts and the API start at once; the render server, which reads the parts' stylesheets, once they answer.
    expect(specs.map((spec) => (spec.together ? `+${spec.name}` : spec.name))).toEqual([
      SHELL_PART.folder,
      ...Object.values(REMOTE_PARTS).map((part) => `+${part.folder}`),
      '+reference-api',
      'render-server',
    ]);
  });

  it('a second copy on consecutive ports with its builds elsewhere (npm run dev -- --first-port --out)', () => {
    const layout = layoutFrom(4000, '/tmp/builds');
    const parts = SERVED_PARTS.map((_, index) => 4000 + index);
    const render = 4000 + SERVED_PARTS.length;
    expect(readyPorts(layout)).toEqual([...parts, render + 1, render]);
    const specs = siteProcesses(layout);
    const shell = specs.find((spec) => spec.name === SHELL_PART.folder);
    expect(shell?.args).toEqual(['--part', 'shell', '--port', '4000', '--render-port', String(render), '--builds', '/tmp/builds']);
    expect(specs.find((spec) => spec.name === 'render-server')?.env).toMatchObject({ PORT: String(render), SHELL_DIR: `/tmp/builds/${SHELL_PART.folder}` });
    expect(specs.find((spec) => spec.name === 'reference-api')?.env).toMatchObject({ PORT: String(render + 1), API_MODE: 'demo' });
  });

  it('names the canary guard by an entry that exists, with no port to wait for', () => {
    const guard = guardProcess('/srv/runtime-config.json', { fieldDataUrl: 'http://127.0.0.1:8110', metricsPort: 8111 });
    expect(fs.existsSync(path.resolve(__dirname, '../..', guard.entry))).toBe(true);
    expect(guard.readyUrl).toBeUndefined();
    expect(guard.args).toEqual(['--config', '/srv/runtime-config.json', '--field-data', 'http://127.0.0.1:8110', '--metrics-port', '8111']);
  });
});
