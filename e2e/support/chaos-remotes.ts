import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Route } from '@playwright/test';
import { REMOTE_ENTRY_FILE, REMOTE_PARTS, type RemoteName } from '@wenrun/shared/node';
import { distOf } from './site';

/** The faults a remote can have in production; each is made real in the browser's network layer. */
export const REMOTE_FAULTS = ['connection refused', 'entry 404', 'chunk 404', 'chunk never answers', 'delay 10 s', 'throws at render'] as const;
export type RemoteFault = (typeof REMOTE_FAULTS)[number];

/** How long the delayed remote holds its answers (past the shell's 8 s load timeout). */
const DELAY_MS = 10_000;

function remoteOrigin(remote: RemoteName): string {
  return `http://localhost:${REMOTE_PARTS[remote].port}`;
}

interface ManifestExpose {
  path: string;
  assets: { js: { sync: string[] } };
}

/** The chunk of the built remote that holds the exposed module itself (`__federation_expose_*`). */
export function exposeChunk(remote: RemoteName, exposed: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(distOf(REMOTE_PARTS[remote].folder), 'mf-manifest.json'), 'utf8')) as {
    exposes: ManifestExpose[];
  };
  const chunk = manifest.exposes
    .find((expose) => expose.path === exposed)
    ?.assets.js.sync.find((file) => file.startsWith('__federation_expose_'));
  if (!chunk) throw new Error(`${remote} ${exposed}: no expose chunk in the manifest`);
  return chunk;
}

/**
 * The exposed module's real chunk with its default export replaced by a component that throws when rendered: a
 * broken deploy whose code loads fine and fails in React. Webpack emits the export as `default:()=>x` or
 * `["default",0,x]`.
 */
export function throwingChunk(source: string): string {
  const thrower = 'function(){throw new Error("chaos: 组件渲染出错")}';
  const patched = source
    .replace(/default:\(\)=>[\w$]+/g, `default:()=>${thrower}`)
    .replace(/\["default",0,[\w$]+\]/g, `["default",0,${thrower}]`);
  if (patched === source) throw new Error('the expose chunk has no default export to break');
  return patched;
}

/** A fault injected into one remote's origin, until `lift` puts the remote back. */
export interface InjectedFault {
  lift: () => Promise<void>;
}

export async function injectRemoteFault(
  page: Page,
  remote: RemoteName,
  exposed: string,
  fault: RemoteFault,
): Promise<InjectedFault> {
  const origin = remoteOrigin(remote);
  const chunkUrl = `${origin}/${exposeChunk(remote, exposed)}`;
  const held: Route[] = [];
  let pattern = `${origin}/**`;
  let handler: (route: Route) => Promise<void>;

  switch (fault) {
    case 'connection refused':
      handler = (route) => route.abort('connectionrefused');
      break;
    case 'entry 404':
      pattern = `${origin}/${REMOTE_ENTRY_FILE}*`;
      handler = (route) => route.fulfill({ status: 404, contentType: 'text/plain; charset=utf-8', body: '404 未找到' });
      break;
    case 'chunk 404':
      pattern = `${chunkUrl}*`;
      handler = (route) => route.fulfill({ status: 404, contentType: 'text/plain; charset=utf-8', body: '404 未找到' });
      break;
    case 'chunk never answers':
      pattern = `${chunkUrl}*`;
      handler = async (route) => {
        held.push(route);
      };
      break;
    case 'delay 10 s':
      handler = async (route) => {
        held.push(route);
        await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
        if (held.includes(route)) await route.continue().catch(() => undefined);
      };
      break;
    case 'throws at render':
      pattern = `${chunkUrl}*`;
      handler = async (route) => {
        // Not cached: the hashed name is immutable, and the fixed file must be fetched again once the fault is lifted.
        // Lifting the fault (or the test's end) while this request is on its way disposes of the fetched answer and
        // hands the route back to the network: nothing left to do, at any of the three steps.
        try {
          const response = await route.fetch();
          await route.fulfill({
            response,
            body: throwingChunk(await response.text()),
            headers: { ...response.headers(), 'cache-control': 'no-store' },
          });
        } catch {
          await route.continue().catch(() => undefined);
        }
      };
      break;
  }
  await page.route(pattern, handler);
  return {
    lift: async () => {
      await page.unroute(pattern, handler);
      // Answers still held (by the delay, by a chunk that never answered) go through now, as a slow server's finally do.
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}

/** Never a white screen: the page shows some visible text. */
export async function expectNoWhiteScreen(page: Page): Promise<void> {
  await expect(page.locator('body')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.body.innerText.trim().length)).toBeGreaterThan(0);
}
