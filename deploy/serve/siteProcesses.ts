import {
  API_PORT,
  listenHost,
  listensBeyondLoopback,
  REMOTE_PARTS,
  RENDER_PORT,
  SHELL_PART,
} from '@wenrun/shared/node';
import type { ChildSpec } from './supervisor';

/** Each served part: its name for partMain's `--part`, its folder, its port. */
export const SERVED_PARTS = [
  { name: 'shell', folder: SHELL_PART.folder, port: SHELL_PART.port },
  ...Object.entries(REMOTE_PARTS).map(([name, part]) => ({ name, folder: part.folder, port: part.port })),
];

/**
 * Every process of the site, in the order they start: the parts, then the API, then the render server. The API in
 * demo mode: `npm start` and `npm run dev` are the demo form (deploy/start.ts says so at start).
 */
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
      env: { PORT: String(API_PORT), API_MODE: 'demo' },
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


/** What `npm start` and `npm run dev` say first: that they are the demo form, and who else can reach it. */
export function sayDemoForm(tag: string): void {
  console.log(`[${tag}] 演示模式：参考 API 带演示账号、开发接口 /__dev/*（读取验证码、发布活动）和日志中的验证码；生产形态见 deploy/nginx`);
  if (listensBeyondLoopback()) console.warn(`[${tag}] 注意：HOST=${listenHost()}，其他机器也能访问这个演示站点及其开发接口`);
}
