/**
 * What the production form serves, from its arguments: the built parts, the TLS certificate, the origins, the served
 * runtime config, and the `NginxSite` description nginx's config is rendered from, read anew on each edit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDigest, REMOTE_NAMES, REMOTE_PARTS, RUNTIME_CONFIG_FILE, SHELL_PART, VERSION_FILE, type RemoteName } from '@wenrun/shared/node';
import type { ApiRoute } from '@wenrun/reference-api';
import { readServedConfig } from '../../serve/addresses';
import { siteAddressesOf } from '../../serve/headers';
import { configOnOrigins, type ServedOrigins } from '../../serve/servedConfig';
import { readPagesConfig } from '../../assemble/pages/pagesConfig';
import { pagesFitConfig } from '../../serve/writtenPages';
import { balancerOf, port, ROOT, type FormArguments } from './formArguments';
import { originOf, type NginxSite, type NginxTls } from './nginxSite';
import { selfSignedCertificate } from './certificate';
import { writeNewFile } from './rootWrites';

/** The built parts' folders (`<part>/dist`) the form serves. */
export interface BuiltRoots {
  shell: string;
  remotes: Record<RemoteName, string>;
}

function distOf(builds: string, folder: string): string {
  const dir = path.join(path.resolve(builds), folder, 'dist');
  if (!fs.existsSync(path.join(dir, VERSION_FILE))) throw new Error(`${folder} 尚未构建（缺少 ${dir}/${VERSION_FILE}）`);
  return dir;
}

/** Each part's build under `--builds`, refused when one is not built. */
export function builtRoots(builds: string): BuiltRoots {
  const shell = distOf(builds, SHELL_PART.folder);
  const remotes = Object.fromEntries(REMOTE_NAMES.map((name) => [name, distOf(builds, REMOTE_PARTS[name].folder)])) as BuiltRoots['remotes'];
  return { shell, remotes };
}

/** The certificate given, or one made now (`--tls-self-signed`), in `--tls-dir` or the prefix; none without either. */
export function formTls(args: FormArguments, prefix: string): NginxTls | undefined {
  const redirectPort = port(args['http-port']);
  if (args['tls-self-signed']) {
    const dir = args['tls-dir'] ? path.resolve(ROOT, args['tls-dir']) : prefix;
    fs.mkdirSync(dir, { recursive: true });
    return { ...selfSignedCertificate(dir, args.host), redirectPort };
  }
  if (args['tls-cert'] && args['tls-key']) return { certificate: path.resolve(args['tls-cert']), key: path.resolve(args['tls-key']), redirectPort };
  return undefined;
}

/** The API's origin and each remote's, on `--host`, as nginx serves them. */
export function servedOrigins(args: FormArguments, tls: NginxTls | undefined): ServedOrigins {
  return {
    api: originOf({ host: args.host, tls }, port(args.api)),
    remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, originOf({ host: args.host, tls }, port(args[name]))])) as ServedOrigins['remotes'],
  };
}

/**
 * The runtime config nginx serves: `--runtime-config`, else one in the prefix. Where there is none yet, the build's is
 * written there, moved onto `origins`.
 */
export function servedConfigFile(args: FormArguments, prefix: string, shellRoot: string, origins: ServedOrigins): string {
  // In a folder of its own: the guard, which rewrites it, may write there and nowhere else (accounts.ts).
  const runtimeConfigFile = args['runtime-config'] ? path.resolve(args['runtime-config']) : path.join(prefix, 'config', RUNTIME_CONFIG_FILE);
  fs.mkdirSync(path.dirname(runtimeConfigFile), { recursive: true });
  if (!fs.existsSync(runtimeConfigFile)) {
    const built: unknown = JSON.parse(fs.readFileSync(path.join(shellRoot, RUNTIME_CONFIG_FILE), 'utf8'));
    // Never through a dangling link the guard's user left in the folder (rootWrites.ts).
    writeNewFile(runtimeConfigFile, `${JSON.stringify(configOnOrigins(built, origins), null, 2)}\n`);
  }
  return runtimeConfigFile;
}

/** Loopback addresses this machine has: [::1] is not there in every container. */
function loopbackAddresses(): string[] {
  const loopback = Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address?.internal);
  return loopback.some((address) => address?.family === 'IPv6' && address.address === '::1')
    ? ['127.0.0.1', '::1']
    : ['127.0.0.1'];
}

/** What the site's description is made of besides the arguments: what the start found, made and wrote. */
export interface SiteInputs {
  roots: BuiltRoots;
  tls: NginxTls | undefined;
  runtimeConfigFile: string;
  renderPorts: number[];
  /** The API nginx forwards to, and the routes it forwards. */
  upstream: string;
  routes: readonly ApiRoute[];
  prefix: string;
  secretsFile: string;
  visitorScriptFile: string;
  /** nginx's workers' user, when started as root. */
  user: string | undefined;
}

/** The site nginx serves, described from the served config as it is now: called again on each edit of it. */
export function siteDescriber(args: FormArguments, { roots, tls, runtimeConfigFile, renderPorts, upstream, routes, prefix, secretsFile, visitorScriptFile, user }: SiteInputs): () => NginxSite {
  const balancer = balancerOf(args);
  return () => {
    const served = readServedConfig(runtimeConfigFile, { httpsOnly: Boolean(tls) });
    return {
      host: args.host,
      listen: args.listen ? args.listen.split(',').map((address) => address.trim()) : loopbackAddresses(),
      shell: { port: port(args.shell), root: roots.shell },
      remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, { port: port(args[name]), root: roots.remotes[name] }])) as NginxSite['remotes'],
      api: { port: port(args.api), upstream, routes },
      renderServers: renderPorts.map((renderPort) => `127.0.0.1:${renderPort}`),
      runtimeConfigFile,
      addresses: siteAddressesOf(served),
      writtenPages: pagesFitConfig(readPagesConfig(roots.shell), served),
      servedConfigDigest: configDigest(served),
      ...(tls ? { tls } : {}),
      prefix,
      secretsFile,
      visitorScriptFile,
      ...(user ? { user } : {}),
      ...(args['unlimited-clients'] ? { unlimitedClients: args['unlimited-clients'].split(',').map((address) => address.trim()) } : {}),
      ...(balancer ? { balancer } : {}),
    };
  };
}
