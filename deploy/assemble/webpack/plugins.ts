import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import {
  ENTRY_ASSETS_FILE,
  MANIFEST_FILE,
  PINNED_FILES_GLOBAL,
  REMOTE_ENTRY_FILE,
  VERSION_FILE,
  type BuildInfo,
  type ChunkGroupAssets,
  type EntryAssets,
} from '@wenrun/shared/node';

/** Where a part's server build goes, beside its web build: `dist/server/`. */
export const SERVER_DIR = 'server';

/** Emits VERSION_FILE with the same build info the bundle carries, down to the build time. */
export class VersionFilePlugin {
  constructor(private readonly info: BuildInfo) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(VersionFilePlugin.name, (compilation) => {
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;
      compilation.hooks.processAssets.tap({ name: VersionFilePlugin.name, stage }, () =>
        compilation.emitAsset(VERSION_FILE, new webpack.sources.RawSource(`${JSON.stringify(this.info, null, 2)}\n`)),
      );
    });
  }
}

/**
 * Names the server build in the web manifest (`metaData.ssrRemoteEntry`): the federation runtime on Node loads
 * that entry instead of the browser's when a host registers the remote by its manifest URL, so the render server
 * needs only the addresses the browser uses.
 */
export class ServerEntryInManifestPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(ServerEntryInManifestPlugin.name, (compilation) => {
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT;
      compilation.hooks.processAssets.tap({ name: ServerEntryInManifestPlugin.name, stage }, () => {
        const asset = compilation.getAsset(MANIFEST_FILE);
        if (!asset) return;
        const manifest = JSON.parse(asset.source.source().toString()) as { metaData: Record<string, unknown> };
        manifest.metaData.ssrRemoteEntry = { name: REMOTE_ENTRY_FILE, path: SERVER_DIR, type: 'commonjs-module' };
        compilation.updateAsset(MANIFEST_FILE, new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}

/**
 * A remote's own chunk loading carries the digests ops released (issue 51). Module Federation checks nothing, and no
 * runtime hook sees a remote's chunks: the container loads them with its own webpack runtime (`__webpack_require__.l`
 * for scripts, mini-css-extract-plugin's loader for stylesheets), past the host's `createScript`/`createLink`.
 * So the container's runtime asks the page (`PINNED_FILES_GLOBAL`, set by the shell) for each file's digest and adds
 * it as `integrity`, with `crossorigin` (without it the browser cannot check a file of another origin): the browser
 * then refuses a changed chunk before it runs, and the load fails like a missing one. On a page without the shell's
 * word (the remote's standalone dev page) the chunks load as webpack loads them.
 */
export class PinnedChunksPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(PinnedChunksPlugin.name, (compilation) => {
      const pinned = (tag: string, url: string) =>
        webpack.Template.asString([
          `var pinnedFiles = globalThis[${JSON.stringify(PINNED_FILES_GLOBAL)}];`,
          `var pinnedDigest = pinnedFiles && pinnedFiles.digestFor(${url});`,
          'if (pinnedDigest) {',
          webpack.Template.indent([
            `${tag}.integrity = pinnedDigest;`,
            `${tag}.crossOrigin = "anonymous";`,
            `${tag}.addEventListener("error", function () { pinnedFiles.failed(${url}); });`,
          ]),
          '}',
        ]);
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(PinnedChunksPlugin.name, (source) =>
        webpack.Template.asString([source, pinned('script', 'url')]),
      );
      MiniCssExtractPlugin.getCompilationHooks(compilation).beforeTagInsert.tap(PinnedChunksPlugin.name, (source, names) =>
        webpack.Template.asString([source, pinned(names.tag, names.href)]),
      );
    });
  }
}

/** The share key a module consumes, when it is federation's stand-in for a shared package. */
function consumedShareKey(module: webpack.Module): string | undefined {
  // ConsumeSharedModule keeps its options untyped in webpack's public types.
  return module.type === 'consume-shared-module' ? (module as webpack.Module & { options?: { shareKey?: string } }).options?.shareKey : undefined;
}

/** Each shared package this build provides (federation's provide modules, by share key): its chunks, whole. */
function sharedPackages(compilation: webpack.Compilation): Record<string, ChunkGroupAssets> {
  const packages: Record<string, ChunkGroupAssets> = {};
  for (const module of compilation.modules) {
    if (module.type !== 'provide-module') continue;
    // ProvideSharedModule keeps its share key in a field webpack's public types do not name.
    const key = (module as webpack.Module & { _name?: string })._name;
    const block = module.blocks[0];
    const group = block && compilation.chunkGraph.getBlockChunkGroup(block);
    if (key && group) packages[key] = groupAssets(compilation, group);
  }
  return Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b)));
}

function groupAssets(compilation: webpack.Compilation, group: webpack.ChunkGroup): ChunkGroupAssets {
  const files = [...new Set(group.getFiles())].sort();
  const shared = new Set<string>();
  for (const chunk of group.chunks) {
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      const key = consumedShareKey(module);
      if (key) shared.add(key);
    }
  }
  return { js: files.filter((file) => file.endsWith('.js')), css: files.filter((file) => file.endsWith('.css')), shared: [...shared].sort() };
}

/**
 * Writes ENTRY_ASSETS_FILE: for each entry (`main` is the site, `status` the status page), its files and its named
 * chunk groups. The server renderer reads the site's stylesheets from it (never the status page's), the budgets
 * what a page loads.
 */
export class EntryAssetsPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(EntryAssetsPlugin.name, (compilation) => {
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT;
      compilation.hooks.processAssets.tap({ name: EntryAssetsPlugin.name, stage }, () => {
        const shared = sharedPackages(compilation);
        const entries = Object.fromEntries(
          [...compilation.entrypoints].map(([name, entrypoint]): [string, EntryAssets] => {
            const later = new Set<string>();
            const groups: Record<string, ChunkGroupAssets> = {};
            const seen = new Set<webpack.ChunkGroup>();
            const visit = (group: webpack.ChunkGroup) => {
              for (const child of group.getChildren()) {
                if (seen.has(child)) continue;
                seen.add(child);
                for (const file of child.getFiles()) later.add(file);
                if (child.name) groups[child.name] = groupAssets(compilation, child);
                visit(child);
              }
            };
            visit(entrypoint);
            const files = [...later].sort();
            const async = { js: files.filter((file) => file.endsWith('.js')), css: files.filter((file) => file.endsWith('.css')) };
            return [name, { initial: groupAssets(compilation, entrypoint), async, groups, shared }];
          }),
        );
        compilation.emitAsset(ENTRY_ASSETS_FILE, new webpack.sources.RawSource(`${JSON.stringify(entries, null, 2)}\n`));
      });
    });
  }
}
