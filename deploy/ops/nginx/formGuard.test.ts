import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_ENV, pickEnv } from '../../serve/childEnv';
import type { ChildSpec } from '../../serve/supervisor';
import { selfSignedCertificate } from './certificate';
import { formGuard } from './formGuard';

const ROOT = path.resolve(__dirname, '../../..');
const TOKEN = 'b'.repeat(64);
const STABLE = 'https://cdn.example.cn/about/1.0.0/mf-manifest.json';
const CANARY = 'https://cdn.example.cn/about/1.1.0/mf-manifest.json';

type Listener = http.Server & { heard: http.IncomingHttpHeaders[] };

/** Someone on this machine listening on a free loopback port: what it hears, and an answer the guard can read. */
async function listener(tls?: { certificate: string; key: string }): Promise<{ server: Listener; port: number }> {
  const heard: http.IncomingHttpHeaders[] = [];
  const answer = (request: http.IncomingMessage, response: http.ServerResponse) => {
    heard.push(request.headers);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ header: { code: '200', codeMsg: 'ok' }, data: { since: 0, remotes: [] } }));
  };
  const server = (tls ? https.createServer({ cert: fs.readFileSync(tls.certificate), key: fs.readFileSync(tls.key) }, answer) : http.createServer(answer)) as Listener;
  server.heard = heard;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** The child as the form's supervisor starts it (deploy/serve/supervisor.ts), until it has said a word about the canary. */
async function runUntilJudged(spec: ChildSpec, heard: () => http.IncomingHttpHeaders[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', spec.entry, ...(spec.args ?? [])], {
    cwd: ROOT,
    env: { ...pickEnv(process.env, [...RUNTIME_ENV, ...(spec.inherit ?? [])]), ...spec.env },
  });
  let said = '';
  child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!said.includes('[guard] about') && !heard().length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  child.kill('SIGKILL');
  return said;
}

const tokenHeard = (headers: http.IncomingHttpHeaders[]) => headers.filter((each) => JSON.stringify(each).includes(TOKEN));

/**
 * Issue 51: the production form's guard holds the admin token, which opens `/admin/*`. While the API restarts, or
 * nginx does, their ports are free, and any local user can bind one: a render server's remote code as
 * `wenrun-render` among them. A plain local process holds each port the guard could use.
 */
describe("the production form's canary guard and the admin token", () => {
  let dir: string;
  let site: { certificate: string; key: string };
  let configFile: string;
  let tokenFile: string;
  const listeners: Listener[] = [];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'form-guard-'));
    for (const folder of ['site', 'attacker']) fs.mkdirSync(path.join(dir, folder));
    site = selfSignedCertificate(path.join(dir, 'site'), 'localhost');
    configFile = path.join(dir, 'runtime-config.json');
    tokenFile = path.join(dir, 'admin-token');
    fs.writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
  });
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /**
   * The guard as the form starts it, with nginx's API origin on `nginx`; the served config names the API's loopback
   * port `upstream` (the build's config names the demo's: a config is edited by the guard's user, ops and, with
   * several hosts, the shared database).
   */
  const guardOf = (upstream: number, nginx: number) => {
    fs.writeFileSync(configFile, JSON.stringify({ apiBaseUrl: `http://127.0.0.1:${upstream}`, remotes: { about: { entries: [STABLE], canary: { entry: CANARY, percent: 10 } } } }));
    return formGuard({ runtimeConfigFile: configFile, apiOrigin: `https://localhost:${nginx}`, adminTokenFile: tokenFile, certificate: site.certificate, metricsPort: 0 });
  };

  it("sends no token to a local process on the API's loopback port, nor to one on nginx's with a certificate of its own", async () => {
    const upstream = await listener();
    const nginx = await listener(selfSignedCertificate(path.join(dir, 'attacker'), 'localhost'));
    listeners.push(upstream.server, nginx.server);
    const heard = () => [...upstream.server.heard, ...nginx.server.heard];
    const said = await runUntilJudged(guardOf(upstream.port, nginx.port), heard);
    expect({ tokensHeard: tokenHeard(heard()), said }).toEqual({ tokensHeard: [], said: expect.stringContaining('[guard] about') });
  }, 60_000);

  it("reads the figures with its token from nginx's API origin, which shows the site's certificate", async () => {
    const upstream = await listener();
    const nginx = await listener(site);
    listeners.push(upstream.server, nginx.server);
    const said = await runUntilJudged(guardOf(upstream.port, nginx.port), () => nginx.server.heard);
    expect(tokenHeard(upstream.server.heard)).toEqual([]);
    // What the guard said shows beside it when it did not ask.
    expect({ authorization: nginx.server.heard[0]?.authorization, said }).toMatchObject({ authorization: `Bearer ${TOKEN}` });
  }, 60_000);
});
