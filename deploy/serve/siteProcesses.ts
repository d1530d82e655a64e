import { API_PORT, REMOTE_PARTS, RENDER_PORT, SHELL_PART } from '../../shared/src/config/parts';
import type { ChildSpec } from './supervisor';

/** Each served part: its name for partMain's `--part`, its folder, its port. */
export const SERVED_PARTS = [
  { name: 'shell', folder: SHELL_PART.folder, port: SHELL_PART.port },
  ...Object.entries(REMOTE_PARTS).map(([name, part]) => ({ name, folder: part.folder, port: part.port })),
];

/** Every process of the site, in the order they start: the parts, then the API, then the render server. */
export function siteProcesses(): ChildSpec[] {
  return [
    ...SERVED_PARTS.map((part) => ({
      name: part.folder,
      entry: 'deploy/serve/partMain.ts',
      args: ['--part', part.name],
      readyUrl: `http://127.0.0.1:${part.port}/`,
    })),
    {
      name: 'reference-api',
      entry: 'reference-api/src/main.ts',
      env: { PORT: String(API_PORT) },
      readyUrl: `http://127.0.0.1:${API_PORT}/healthz`,
    },
    {
      name: 'render-server',
      entry: 'render-server/src/server/main.ts',
      env: { PORT: String(RENDER_PORT) },
      readyUrl: `http://127.0.0.1:${RENDER_PORT}/healthz`,
    },
  ];
}

