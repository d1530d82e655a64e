import webpack from 'webpack';
import { ENTRY_ASSETS_FILE, MANIFEST_FILE, VERSION_FILE, type BuildInfo, type EntryAssets } from '../../shared/src/config/parts';

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
        manifest.metaData.ssrRemoteEntry = { name: 'remoteEntry.js', path: SERVER_DIR, type: 'commonjs-module' };
        compilation.updateAsset(MANIFEST_FILE, new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}

/**
 * Writes ENTRY_ASSETS_FILE: for each entry (`main` is the site, `status` the status page), its files. The server
 * renderer reads the site's stylesheets from it (never the status page's), the budgets read the bytes.
 */
export class EntryAssetsPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(EntryAssetsPlugin.name, (compilation) => {
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT;
      compilation.hooks.processAssets.tap({ name: EntryAssetsPlugin.name, stage }, () => {
        const byKind = (files: Iterable<string>) => {
          const list = [...new Set(files)].sort();
          return { js: list.filter((file) => file.endsWith('.js')), css: list.filter((file) => file.endsWith('.css')) };
        };
        const entries = Object.fromEntries(
          [...compilation.entrypoints].map(([name, entrypoint]): [string, EntryAssets] => {
            const later = new Set<string>();
            const seen = new Set<webpack.ChunkGroup>();
            const visit = (group: webpack.ChunkGroup) => {
              for (const child of group.getChildren()) {
                if (seen.has(child)) continue;
                seen.add(child);
                for (const chunk of child.chunks) for (const file of chunk.files) later.add(file);
                visit(child);
              }
            };
            visit(entrypoint);
            return [name, { initial: byKind(entrypoint.getFiles()), async: byKind(later) }];
          }),
        );
        compilation.emitAsset(ENTRY_ASSETS_FILE, new webpack.sources.RawSource(`${JSON.stringify(entries, null, 2)}\n`));
      });
    });
  }
}
