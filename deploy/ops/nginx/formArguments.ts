/**
 * The production form's command line (start.ts lists it): its options with their defaults, and how a port and a list
 * of addresses are read from it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PORT, GUARD_METRICS_PORT, RENDER_PORT, SHELL_PART } from '@wenrun/shared/node';
import { remotePortOptions } from './config';
import type { NginxSite } from './nginxSite';

/** The repository: the code the form's Node processes run, and the built parts unless `--builds` names others. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** Default ports: the dev layout shifted by 5000, so nginx and `npm start` can run side by side. */
const PORT_SHIFT = 5000;

export function formArguments() {
  return parseArgs({
    options: {
      ...remotePortOptions(PORT_SHIFT),
      host: { type: 'string', default: 'localhost' },
      /** Addresses nginx listens on; loopback by default (a test machine), `0.0.0.0,::` to face the internet. */
      listen: { type: 'string' },
      shell: { type: 'string', default: String(SHELL_PART.port + PORT_SHIFT) },
      api: { type: 'string', default: String(API_PORT + PORT_SHIFT) },
      upstream: { type: 'string' },
      'reference-api-port': { type: 'string', default: String(API_PORT + PORT_SHIFT + 10) },
      /** The canary guard's metrics (`/metrics`, loopback); 0 for any free port (the tests' sites, which nobody scrapes). */
      'guard-metrics-port': { type: 'string', default: String(GUARD_METRICS_PORT + PORT_SHIFT + 10) },
      // In a folder of its own, which the API's user is given (accounts.ts), apart from the demo's database.
      database: { type: 'string', default: path.join(ROOT, 'reference-api', '.data', 'production', 'site.db') },
      'render-ports': { type: 'string', default: String(RENDER_PORT + PORT_SHIFT) },
      'runtime-config': { type: 'string' },
      /** The folder holding the built parts (`<part>/dist`): this repository, unless they are deployed elsewhere. */
      builds: { type: 'string', default: ROOT },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'tls-self-signed': { type: 'boolean', default: false },
      /** Where a self-signed certificate is written (kept after nginx stops, for clients to trust it). */
      'tls-dir': { type: 'string' },
      'http-port': { type: 'string', default: String(SHELL_PART.port + PORT_SHIFT - 1) },
      /** Client addresses nginx does not limit per visitor: a load bench's or a test suite's own (none in production). */
      'unlimited-clients': { type: 'string' },
      /**
       * One host of several behind a load balancer (deploy/ops/hosts): the balancer's addresses, whose PROXY protocol
       * header names the visitor, and the addresses nginx listens on for it (besides `--listen`).
       */
      balancer: { type: 'string' },
      'balancer-listen': { type: 'string' },
      check: { type: 'boolean', default: false },
    },
  }).values;
}

export type FormArguments = ReturnType<typeof formArguments>;

/** A comma-separated list of addresses. */
export const list = (value: string) => value.split(',').map((item) => item.trim()).filter(Boolean);

export function port(value: string, { anyFree = false } = {}): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < (anyFree ? 0 : 1) || number > 65535) throw new Error(`端口无效：${value}`);
  return number;
}

/** The render server instances' ports (`--render-ports`). */
export const renderPortsOf = (args: FormArguments) => args['render-ports'].split(',').map((value) => port(value.trim()));

export function balancerOf(args: FormArguments): NginxSite['balancer'] {
  if (!args.balancer && !args['balancer-listen']) return undefined;
  if (!args.balancer || !args['balancer-listen']) throw new Error('--balancer 和 --balancer-listen 要一起给出：负载均衡器的地址，和 nginx 为它监听的地址');
  return { from: list(args.balancer), listen: list(args['balancer-listen']) };
}
