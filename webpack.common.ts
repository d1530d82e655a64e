/**
 * The one webpack factory. Each part's webpack.config.ts calls `createPartConfig` with only what differs
 * (name, port, exposes, public path); everything else — loaders, federation sharing, caching names, the
 * HTML page — is decided here once.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import {
  REMOTE_ENTRY_FILE,
  STANDALONE_DIST,
  type BuildInfo,
} from '@wenrun/shared/node';
import { htmlPage } from '@wenrun/deploy/assemble/webpack/htmlPage';
import { gitShortHash, readPackageJson } from '@wenrun/deploy/assemble/webpack/packageInfo';
import {
  browserOptimization,
  BROWSER_EXTENSIONS,
  browserOutput,
  browserStyleRule,
  buildInfoDefinition,
  cssExtraction,
  devServer,
  imageRule,
  scriptRule,
  SERVER_EXTENSIONS,
  serverOutput,
  serverStyleRule,
  type Build,
} from '@wenrun/deploy/assemble/webpack/pieces';
import { EntryAssetsPlugin, PinnedChunksPlugin, SERVER_DIR, ServerEntryInManifestPlugin, VersionFilePlugin } from '@wenrun/deploy/assemble/webpack/plugins';
import { sharedConfig } from '@wenrun/deploy/assemble/webpack/federationShared';
import type { PartOptions } from '@wenrun/deploy/assemble/webpack/partOptions';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const require = createRequire(import.meta.url);

type PartConfig = Configuration & { devServer?: DevServerConfiguration };

/**
 * The shell is a web build and a server build. A remote is its federation container (remoteEntry.js and the
 * exposed modules), which borrows the federation runtime from the shell instead of carrying a second copy (about
 * 27 KB gzip on every page), its server build, and its standalone dev page, a plain app that renders the exposed
 * modules without any host (never in the folder that is deployed: see standalonePageConfig).
 */
export function createPartConfig(part: PartOptions) {
  return (_env: unknown, argv: { mode?: Configuration['mode'] }): PartConfig | PartConfig[] => {
    const mode = argv.mode ?? 'production';
    const pkg = readPackageJson(part.dir);
    const buildInfo: BuildInfo = {
      name: pkg.name,
      // A release pipeline may stamp its own version; otherwise the package's.
      version: process.env.BUILD_VERSION ?? pkg.version,
      gitHash: process.env.BUILD_GIT_HASH ?? gitShortHash(part.dir),
      builtAt: process.env.BUILD_TIME ?? new Date().toISOString(),
    };
    // The federation manifest plugin records this as the manifest's buildVersion when it emits.
    process.env.MF_BUILD_VERSION = buildInfo.version;
    const build: Build = {
      mode,
      isProduction: mode === 'production',
      pkg,
      buildInfo,
      outputDir: process.env.OUT_DIR ? path.resolve(process.env.OUT_DIR) : path.join(part.dir, 'dist'),
      nameSuffix: mode === 'production' ? '.[contenthash:8]' : '',
    };
    // A production build into another folder (a deploy's staging, a test's copy) is of what is published: no dev
    // page. A development build keeps it wherever it goes (`npm run dev -- --out`): its part server shows it.
    const standalone = process.env.OUT_DIR && build.isProduction ? [] : [standalonePageConfig(part, build)];
    return part.exposes
      ? [remoteContainerConfig(part, part.exposes, build), remoteServerConfig(part, part.exposes, build), ...standalone]
      : [hostConfig(part, build), hostServerConfig(part, build)];
  };
}

/** What every config of a part has, browser or Node: the part's name, mode, folder and entries. */
function partBase(part: PartOptions, build: Build, name: string, entry: Configuration['entry']): PartConfig {
  return {
    name,
    mode: build.mode,
    context: part.dir,
    entry,
    // Development builds are served with production's headers (`npm run dev`), whose CSP allows no eval: source
    // maps as files, not webpack's eval-based ones (with those the page never started).
    devtool: build.isProduction ? false : 'cheap-module-source-map',
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

interface BrowserConfigOptions {
  name: string;
  entry: Configuration['entry'];
  clean: boolean;
  /** The part's own plugins, after the ones every browser build has. */
  plugins: NonNullable<Configuration['plugins']>;
  /** Served by `npm run dev` on the part's port (the part's own build; not its standalone page). */
  devServed: boolean;
}

/** A build for the browser. */
function browserConfig(part: PartOptions, build: Build, options: BrowserConfigOptions): PartConfig {
  return {
    ...partBase(part, build, options.name, options.entry),
    target: 'web',
    output: browserOutput(options.name, build, part.publicPath ?? 'auto', options.clean),
    resolve: { extensions: [...BROWSER_EXTENSIONS] },
    module: { rules: [scriptRule(build), browserStyleRule(), imageRule()] },
    plugins: [cssExtraction(build), buildInfoDefinition(build), ...options.plugins],
    optimization: browserOptimization(),
    ...(options.devServed
      ? { devServer: devServer(part.port, part.publicFiles?.length ? path.join(part.dir, 'public') : undefined) }
      : {}),
  };
}

function hostConfig(part: PartOptions, build: Build): PartConfig {
  return browserConfig(part, build, {
    name: part.name,
    entry: {
      main: './src/index.ts',
      ...Object.fromEntries((part.pages ?? []).map((page) => [page.name, page.entry])),
    },
    clean: true,
    devServed: true,
    plugins: [
      new ModuleFederationPlugin({
        name: part.name,
        shared: sharedConfig(build.pkg, 'shell'),
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        // Every remote container uses this page's federation runtime (they are built with externalRuntime). The page
        // loads remotes by their containers, never by manifests (shell/src/remotes/entryAddress.ts), so the runtime's
        // snapshot code, which reads manifests, is left out (1.3 KB as sent); the server build keeps it.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      }),
      ...['index.html', ...(part.fallbackPage ? [part.fallbackPage] : [])].map(
        (filename) => new HtmlWebpackPlugin({ title: part.title, filename, chunks: ['main'], publicPath: '/', templateContent: htmlPage }),
      ),
      ...(part.pages ?? []).map(
        (page) =>
          new HtmlWebpackPlugin({
            title: page.title,
            chunks: [page.name],
            filename: `${page.name}.html`,
            publicPath: '/',
            templateContent: htmlPage,
            ...(page.contentSecurityPolicy
              ? { meta: { csp: { 'http-equiv': 'Content-Security-Policy', content: page.contentSecurityPolicy } } }
              : {}),
          }),
      ),
      new VersionFilePlugin(build.buildInfo),
      new EntryAssetsPlugin(),
      ...(part.publicFiles?.length
        ? [new CopyPlugin({ patterns: part.publicFiles.map((file) => ({ from: path.join('public', file) })) })]
        : []),
      // The federation plugin adds the runtime-providing plugin by its CommonJS file, whose require() pulls in a
      // second, CommonJS copy of the runtime; its ES module file imports the very copy the page already runs.
      new webpack.NormalModuleReplacementPlugin(/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/, (resource) => {
        resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
      }),
    ],
  });
}

function remoteContainerConfig(part: PartOptions, exposes: Record<string, string>, build: Build): PartConfig {
  return browserConfig(part, build, {
    name: part.name,
    entry: {},
    clean: true,
    devServed: true,
    plugins: [
      new ModuleFederationPlugin({
        name: part.name,
        filename: REMOTE_ENTRY_FILE,
        exposes,
        shared: sharedConfig(build.pkg, 'remote'),
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        // A remote loads no remote of its own: its entry leaves out the runtime's remote loading (0.5–0.6 KB as sent
        // per remote on a page).
        experiments: { externalRuntime: true, optimization: { disableRemote: true } },
      }),
      new VersionFilePlugin(build.buildInfo),
      new EntryAssetsPlugin(),
      new ServerEntryInManifestPlugin(),
      new PinnedChunksPlugin(),
    ],
  });
}

const NODE_RUNTIME_PLUGIN = require.resolve('@module-federation/node/runtimePlugin');

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/** A part's build for Node (`dist/server/`): a remote's exposed modules, or the shell's renderer, federated on Node. */
function nodeFederationConfig(
  part: PartOptions,
  build: Build,
  entry: Record<string, string>,
  publicPath: string,
  container: Pick<FederationOptions, 'filename' | 'exposes'> = {},
): PartConfig {
  const name = `${part.name}-server`;
  return {
    ...partBase(part, build, name, entry),
    dependencies: [part.name],
    target: 'async-node',
    output: serverOutput(name, build, path.join(build.outputDir, SERVER_DIR), publicPath),
    resolve: { extensions: [...SERVER_EXTENSIONS] },
    module: { rules: [scriptRule(build), serverStyleRule, imageRule({ build })] },
    plugins: [
      buildInfoDefinition(build),
      new ModuleFederationPlugin({
        name: part.name,
        ...container,
        shared: sharedConfig(build.pkg, container.exposes ? 'remote' : 'shell'),
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        runtimePlugins: [NODE_RUNTIME_PLUGIN],
        manifest: false,
        dts: false,
      }),
    ],
    optimization: { minimize: false },
    // Loaded from the render server's own dependencies (DOMPurify's window on Node), not bundled.
    externals: { jsdom: 'commonjs jsdom' },
  };
}

function remoteServerConfig(part: PartOptions, exposes: Record<string, string>, build: Build): PartConfig {
  return nodeFederationConfig(part, build, {}, 'auto', {
    filename: REMOTE_ENTRY_FILE,
    exposes,
  });
}

function hostServerConfig(part: PartOptions, build: Build): PartConfig {
  return nodeFederationConfig(part, build, { server: './src/server/index.ts' }, part.publicPath ?? '/');
}

/**
 * The remote's dev page: its exposed modules on their own. `npm run dev` serves it beside the container (one dev
 * server, on the container's config, built after it into the same folder); a production build writes it to a
 * folder of its own, never the one that is deployed.
 */
function standalonePageConfig(part: PartOptions, build: Build): PartConfig {
  const outputDir = build.isProduction ? path.join(part.dir, STANDALONE_DIST) : build.outputDir;
  // In development the container's chunks are beside the page's: names of their own, or one build's `react.js`
  // would overwrite the other's.
  const nameSuffix = build.isProduction ? build.nameSuffix : '.standalone';
  return {
    ...browserConfig(part, { ...build, outputDir, nameSuffix }, {
      name: `${part.name}-standalone`,
      entry: { main: './src/index.ts' },
      clean: build.isProduction,
      devServed: false,
      plugins: [new HtmlWebpackPlugin({ title: part.title, chunks: ['main'], publicPath: '/', templateContent: htmlPage })],
    }),
    ...(build.isProduction ? {} : { dependencies: [part.name] }),
  };
}
