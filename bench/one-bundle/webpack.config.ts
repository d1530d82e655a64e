/**
 * The one-bundle baseline: the shell's production config from webpack.common.ts (same loaders, minifiers,
 * hashing, HTML page, runtime-config.json) with the Module Federation plugin taken out, an entry that renders
 * the shell's App (given the stand-in loader of bench/one-bundle/remoteLoader.ts), RemoteSlot replaced by
 * bench/one-bundle/RemoteSlot.tsx, which imports the remotes' exposed components from source.
 */
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Configuration } from 'webpack';
import shellConfig from '@wenrun/shell/webpack.config';

export const ONE_BUNDLE_DIR = import.meta.dirname;

export function oneBundleConfig(): Configuration {
  const built = shellConfig({}, { mode: 'production' });
  // The shell (a host) is one build; only remotes come as container + standalone page.
  const config = Array.isArray(built) ? built[0] ?? {} : built;
  return {
    ...config,
    // The shell's folder stays the context: its public/runtime-config.json is copied as for the shell.
    entry: { main: path.join(ONE_BUNDLE_DIR, 'index.tsx') },
    output: { ...config.output, path: path.join(ONE_BUNDLE_DIR, 'dist'), uniqueName: 'onebundle' },
    plugins: [
      ...(config.plugins ?? []).filter(
        (plugin) => !(plugin instanceof ModuleFederationPlugin) && plugin?.constructor.name !== 'HtmlWebpackPlugin',
      ),
      ...(config.plugins ?? []).filter(
        (plugin) =>
          plugin?.constructor.name === 'HtmlWebpackPlugin' &&
          (plugin as unknown as { userOptions: { filename?: string } }).userOptions.filename === 'index.html',
      ),
      new webpack.NormalModuleReplacementPlugin(/[\\/]remotes[\\/]RemoteSlot$/, path.join(ONE_BUNDLE_DIR, 'RemoteSlot.tsx')),
    ],
  };
}

/** Builds the baseline; resolves with webpack's errors, if any. */
export function buildOneBundle(): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack(oneBundleConfig(), (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
}
