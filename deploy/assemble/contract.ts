/**
 * The federation contract, checked on the built manifests (`npm run contract`, part of `npm test`): every module
 * the shell loads is exposed by its remote, whose container is where the browser looks for it; every shared
 * singleton is offered by every part in versions that satisfy every part's required range; the shell offers each
 * one the remotes leave to it (they carry no copy); every part was built against the same `shared` package; the design
 * card's singletons are singletons in every manifest (deploy/assemble/card.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { MANIFEST_FILE, REMOTE_ENTRY_FILE, REMOTE_PARTS, SHELL_PART, type RemoteName } from '@wenrun/shared/node';
import { checkCardSingletons } from './card';
import { SHARED_SINGLETONS } from './webpack/sharedSingletons';
import { REMOTE_MODULES } from '@wenrun/shell/remotes/modules';

interface ManifestShared {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}

export interface Manifest {
  name: string;
  shared: ManifestShared[];
  exposes: { path: string }[];
  metaData?: { globalName?: string; remoteEntry?: { name?: string; path?: string } };
}

export interface BuiltPart {
  /** Folder name, used in messages. */
  part: string;
  manifest: Manifest | undefined;
}

export interface ContractInput {
  shell: BuiltPart;
  remotes: Record<RemoteName, BuiltPart>;
  required: Record<RemoteName, readonly string[]>;
  singletons: readonly string[];
  /** Singletons the remotes carry no copy of: the page has one only if the shell offers it. */
  fromShell: readonly string[];
  sharedPackage: { name: string; version: string };
}

export function checkContract(input: ContractInput): string[] {
  const problems: string[] = [];
  const parts = [input.shell, ...Object.values(input.remotes)];

  for (const [remote, modules] of Object.entries(input.required) as [RemoteName, readonly string[]][]) {
    const { part, manifest } = input.remotes[remote];
    if (!manifest) {
      problems.push(`${part}：没有 ${MANIFEST_FILE}（未构建？）`);
      continue;
    }
    // The browser loads the container beside the manifest, by the remote's name (shell/src/remotes/entryAddress.ts).
    const container = manifest.metaData?.remoteEntry;
    if (container?.name !== REMOTE_ENTRY_FILE || container.path) {
      problems.push(`${part}：容器不在清单旁的 ${REMOTE_ENTRY_FILE}（${container?.path ?? ''}/${container?.name ?? '?'}）`);
    }
    if (manifest.metaData?.globalName !== remote) problems.push(`${part}：容器的全局名 ${manifest.metaData?.globalName ?? '?'} 不是 ${remote}`);
    const exposed = new Set(manifest.exposes.map((entry) => entry.path));
    for (const module of modules) {
      if (!exposed.has(module)) problems.push(`${part}：shell 需要的模块 ${remote}/${module.slice(2)}（${module}）没有暴露`);
    }
  }

  for (const name of input.singletons) {
    const offers = parts.flatMap(({ part, manifest }) => {
      const shared = manifest?.shared.find((entry) => entry.name === name);
      // A part that does not use a package does not list it; the package of shared code every part uses.
      if (manifest && !shared && name === input.sharedPackage.name) problems.push(`${part}：没有共享 ${name}`);
      if (shared && !shared.singleton) problems.push(`${part}：${name} 没有声明为单例`);
      return shared ? [{ part, ...shared }] : [];
    });
    // A singleton the shell brings is offered by the shell alone: a remote that consumes it only lists what it
    // requires (the version federation's manifest writes beside it then means nothing).
    const providers = input.fromShell.includes(name) ? offers.filter((offer) => offer.part === input.shell.part) : offers;
    for (const wanting of offers) {
      const range = wanting.requiredVersion;
      if (!range || !semver.validRange(range)) continue;
      for (const offering of providers) {
        if (!semver.satisfies(offering.version, range)) {
          problems.push(
            `${offering.part}：${name}@${offering.version} 不满足 ${wanting.part} 要求的 ${range}（单例只能有一个版本）`,
          );
        }
      }
    }
    if (name === input.sharedPackage.name) {
      for (const offer of offers) {
        if (offer.version !== input.sharedPackage.version) {
          problems.push(`${offer.part}：用 ${name}@${offer.version} 构建，当前为 ${input.sharedPackage.version}，需要重新构建`);
        }
      }
    }
  }
  const shellOffers = new Set(input.shell.manifest?.shared.map((entry) => entry.name));
  for (const name of input.fromShell) {
    if (input.shell.manifest && !shellOffers.has(name)) problems.push(`${input.shell.part}：没有提供 ${name}，而 remote 不带自己的副本`);
  }
  return [...new Set(problems)];
}

function readManifest(folder: string): Manifest | undefined {
  const file = path.join(import.meta.dirname, '..', '..', folder, 'dist', MANIFEST_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : undefined;
}

function main(): void {
  const sharedPackage = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'shared', 'package.json'), 'utf8'),
  ) as { name: string; version: string };
  const remotes = Object.fromEntries(
    (Object.entries(REMOTE_PARTS) as [RemoteName, { folder: string }][]).map(([name, { folder }]) => [
      name,
      { part: folder, manifest: readManifest(folder) },
    ]),
  ) as Record<RemoteName, BuiltPart>;
  const shell = { part: SHELL_PART.folder, manifest: readManifest(SHELL_PART.folder) };
  const problems = [
    ...checkContract({
      shell,
      remotes,
      required: REMOTE_MODULES,
      singletons: Object.keys(SHARED_SINGLETONS),
      fromShell: Object.entries(SHARED_SINGLETONS).flatMap(([name, provider]) => (provider === 'shell' ? [name] : [])),
      sharedPackage,
    }),
    // The design card's own word: the router, React and the stores are one instance in the page (deploy/assemble/card.ts).
    ...checkCardSingletons(
      [shell, ...Object.values(remotes)].flatMap(({ part, manifest }) => (manifest ? [{ part, shared: manifest.shared }] : [])),
    ),
  ];
  if (problems.length) {
    console.error(`联邦契约检查失败（${problems.length} 处）：`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log(`联邦契约检查通过：${Object.keys(remotes).length} 个 remote，${Object.keys(SHARED_SINGLETONS).length} 个共享单例。`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
