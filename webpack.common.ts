/**
 * The one webpack factory. Each part's webpack.config.ts calls `createPartConfig` with only what differs
 * (name, port, exposes, public path); everything else — loaders, federation sharing, caching names, the
 * HTML page — is decided here once.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CopyPlugin from 'copy-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import {
  BUILD_INFO_FILE,
  CHUNK_LOAD_TIMEOUT_MS,
  chunkRegistryGlobal,
  REMOTE_ENTRY_FILE,
  SHARED_SELECTION_FILES,
  STANDALONE_DIST,
  type BuildInfo,
} from '@wenrun/shared/node';
import { htmlPage } from './deploy/build/webpack/htmlPage';
import { gitShortHash, readPackageJson, type PackageJson } from './deploy/build/webpack/packageInfo';
import { SEMANTIC_CSS, semanticCssPruning } from './deploy/build/webpack/semanticCss';
import { EntryAssetsPlugin, SERVER_DIR, ServerEntryInManifestPlugin, VersionFilePlugin } from './deploy/build/webpack/plugins';
import { SHARED_SINGLETONS } from './deploy/build/webpack/sharedSingletons';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

/**
 * Shared packages provided as a selection of their exports (the module that re-exports them, by package): a shared
 * module is not tree-shaken by the parts that consume it, so the whole package would travel otherwise. Lint allows
 * the parts only the names a selection offers (eslint.config.mjs reads the same table).
 */
export const SHARED_SELECTIONS = Object.fromEntries(
  Object.entries(SHARED_SELECTION_FILES).map(([packageName, file]) => [packageName, path.join(import.meta.dirname, file)]),
) as Partial<Record<keyof typeof SHARED_SINGLETONS, string>>;

const require = createRequire(import.meta.url);

/** The version of a package as installed (what a selection of it provides). */
function installedVersion(packageName: string): string {
  return readPackageJson(path.dirname(require.resolve(`${packageName}/package.json`))).version;
}

export interface PartOptions {
  /** The part's folder (its `__dirname`). */
  dir: string;
  /** Federation container name; the key of this part in `runtime-config.json`'s `remotes`. */
  name: string;
  /** Port of `npm run dev` (and of `npm start`, which reads it from the same table: the parts table of `@wenrun/shared/node`). */
  port: number;
  /** `<title>` of the part's HTML page (the site for the shell, the standalone dev page for a remote). */
  title: string;
  /** Modules this part offers to others; a remote has some, the shell none. */
  exposes?: Record<string, string>;
  /**
   * Where the part's files are served from. Remotes keep `auto` so that the same build works from any origin
   * (ops may serve a copy on another host); the shell needs `/` because history-mode paths are deep.
   */
  publicPath?: string;
  /** Files in `<dir>/public` copied beside index.html as they are (e.g. the shell's runtime-config.json). */
  publicFiles?: string[];
  /**
   * A copy of the app's page under another name, for history-mode fallback, when index.html itself is replaced
   * by a prerendered page (the shell's `app.html`).
   */
  fallbackPage?: string;
  /** Further plain pages of the part, each its own entry and `{name}.html` (e.g. the shell's status page). */
  pages?: { name: string; entry: string; title: string }[];
}

/** Every remote exposes which build it is, for the status page and ops. */
export const BUILD_INFO_MODULE = './buildInfo';
const BUILD_INFO_SOURCE = path.join(import.meta.dirname, BUILD_INFO_FILE);

/** What a part shares, as Module Federation's `shared` option: a remote leaves out its copy of what the shell brings. */
export function sharedConfig(pkg: PackageJson, role: 'shell' | 'remote') {
  const sharedPkg = readPackageJson(path.join(import.meta.dirname, 'shared'));
  return Object.fromEntries(
    Object.entries(SHARED_SINGLETONS).map(([dep, provider]) => {
      const isWorkspace = dep === sharedPkg.name || dep.startsWith(`${sharedPkg.name}/`);
      const packageName = isWorkspace ? sharedPkg.name : dep.replace(/^((?:@[^/]+\/)?[^/]+).*$/, '$1');
      const requiredVersion = pkg.dependencies?.[packageName];
      if (!requiredVersion) {
        throw new Error(`${pkg.name}: shared singleton "${dep}" needs "${packageName}" in its package.json dependencies`);
      }
      const consumesOnly = role === 'remote' && provider === 'shell';
      const selection = consumesOnly ? undefined : SHARED_SELECTIONS[dep as keyof typeof SHARED_SINGLETONS];
      return [
        dep,
        {
          singleton: true,
          requiredVersion: isWorkspace ? `^${sharedPkg.version}` : requiredVersion,
          ...(isWorkspace ? { version: sharedPkg.version } : {}),
          // A selection's module is no package of its own: the version it provides is the package's.
          ...(selection ? { import: selection, version: installedVersion(packageName) } : {}),
          ...(consumesOnly ? { import: false as const } : {}),
        },
      ];
    }),
  );
}

type PartConfig = Configuration & { devServer?: DevServerConfiguration };

interface Build {
  mode: NonNullable<Configuration['mode']>;
  isProduction: boolean;
  pkg: PackageJson;
  buildInfo: BuildInfo;
  outputDir: string;
  /**
   * What follows each file's name: `.[contenthash:8]` in production, so the name changes when the file does (cached
   * for a year); `.standalone` for a remote's dev page in development, which shares the container's folder there.
   */
  nameSuffix: string;
}

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

function hostConfig(part: PartOptions, build: Build): PartConfig {
  const config = commonConfig(part, build, {
    name: part.name,
    entry: {
      main: './src/index.ts',
      ...Object.fromEntries((part.pages ?? []).map((page) => [page.name, page.entry])),
    },
    clean: true,
  });
  config.plugins?.push(
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
  );
  return config;
}

function remoteContainerConfig(part: PartOptions, exposes: Record<string, string>, build: Build): PartConfig {
  const config = commonConfig(part, build, { name: part.name, entry: {}, clean: true });
  config.plugins?.push(
    new ModuleFederationPlugin({
      name: part.name,
      filename: REMOTE_ENTRY_FILE,
      exposes: { ...exposes, [BUILD_INFO_MODULE]: BUILD_INFO_SOURCE },
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
  );
  return config;
}

const NODE_RUNTIME_PLUGIN = require.resolve('@module-federation/node/runtimePlugin');

function serverConfig(part: PartOptions, build: Build, name: string, entry: Configuration['entry'], outputPath: string, publicPath: string): PartConfig {
  const config = commonConfig(part, build, { name, entry, clean: false });
  delete config.devServer;
  config.target = 'async-node';
  config.output = {
    ...config.output,
    path: outputPath,
    publicPath,
    filename: '[name].js',
    chunkFilename: '[name].[contenthash:8].js',
    library: { type: 'commonjs-module' },
    chunkLoadingGlobal: undefined,
  };
  config.optimization = { minimize: false };
  config.module?.rules?.splice(1, 2,
    { test: /\.css$/, loader: path.join(import.meta.dirname, 'deploy/build/webpack/serverStylesheetLoader.cjs') },
    {
      test: /\.(png|jpe?g|gif|svg|webp|avif)$/,
      type: 'asset',
      parser: { dataUrlCondition: { maxSize: 2 * 1024 } },
      generator: { emit: false, filename: `assets/[name]${build.nameSuffix}[ext]` },
    },
  );
  config.plugins = [new webpack.DefinePlugin({ __BUILD_INFO__: JSON.stringify(build.buildInfo) })];
  config.resolve = { ...config.resolve, extensions: ['.server.ts', '.server.tsx', ...(config.resolve?.extensions ?? [])] };
  // Loaded from the render server's own dependencies (DOMPurify's window on Node), not bundled.
  config.externals = { jsdom: 'commonjs jsdom' };
  return config;
}

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/** A part's build for Node (`dist/server/`): a remote's exposed modules, or the shell's renderer, federated on Node. */
function nodeFederationConfig(
  part: PartOptions,
  build: Build,
  entry: Record<string, string>,
  publicPath: string,
  container: Pick<FederationOptions, 'filename' | 'exposes'> = {},
): PartConfig {
  const config = serverConfig(part, build, `${part.name}-server`, entry, path.join(build.outputDir, SERVER_DIR), publicPath);
  config.dependencies = [part.name];
  config.plugins?.push(
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
  );
  return config;
}

function remoteServerConfig(part: PartOptions, exposes: Record<string, string>, build: Build): PartConfig {
  return nodeFederationConfig(part, build, {}, 'auto', {
    filename: REMOTE_ENTRY_FILE,
    exposes: { ...exposes, [BUILD_INFO_MODULE]: BUILD_INFO_SOURCE },
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
  const config = commonConfig(part, { ...build, outputDir, nameSuffix }, {
    name: `${part.name}-standalone`,
    entry: { main: './src/index.ts' },
    clean: build.isProduction,
  });
  if (!build.isProduction) config.dependencies = [part.name];
  delete config.devServer;
  config.plugins?.push(
    new HtmlWebpackPlugin({ title: part.title, chunks: ['main'], publicPath: '/', templateContent: htmlPage }),
  );
  return config;
}

function commonConfig(
  part: PartOptions,
  build: Build,
  { name, entry, clean }: { name: string; entry: Configuration['entry']; clean: boolean },
): PartConfig {
  const { isProduction, nameSuffix } = build;
  return {
    name,
    mode: build.mode,
    context: part.dir,
    entry,
    // Development builds are served with production's headers (`npm run dev`), whose CSP allows no eval: source
    // maps as files, not webpack's eval-based ones (with those the page never started).
    devtool: isProduction ? false : 'cheap-module-source-map',
    target: 'web',
    output: {
      path: build.outputDir,
      publicPath: part.publicPath ?? 'auto',
      filename: `[name]${nameSuffix}.js`,
      chunkFilename: `[name]${nameSuffix}.js`,
      assetModuleFilename: `assets/[name]${nameSuffix}[ext]`,
      cssFilename: `[name]${nameSuffix}.css`,
      clean,
      // Also the name of its chunk scripts in the page (`data-webpack`; shell/src/remotes/chunkRegistry.ts).
      uniqueName: name,
      chunkLoadingGlobal: chunkRegistryGlobal(name),
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProduction } },
                target: 'es2019',
              },
            },
          },
        },
        {
          test: /\.css$/,
          oneOf: [
            { include: SEMANTIC_CSS, use: [MiniCssExtractPlugin.loader, 'css-loader', semanticCssPruning()] },
            { use: [MiniCssExtractPlugin.loader, 'css-loader'] },
          ],
        },
        {
          test: /\.(png|jpe?g|gif|svg|webp|avif)$/,
          type: 'asset',
          parser: { dataUrlCondition: { maxSize: 2 * 1024 } },
        },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: `[name]${nameSuffix}.css`, chunkFilename: `[name]${nameSuffix}.css` }),
      new webpack.DefinePlugin({ __BUILD_INFO__: JSON.stringify(build.buildInfo) }),
    ],
    optimization: {
      // A library goes with the code that imports it rather than into a vendor chunk of its own: a page then makes
      // one request less for each (DOMPurify with the sanitiser). What two chunks
      // share is still split out once (webpack's default group).
      splitChunks: {
        cacheGroups: {
          defaultVendors: false,
          // Shared packages a page always loads together, each group one request instead of one per package.
          react: {
            test: (module: webpack.Module) =>
              /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(module.nameForCondition() ?? ''),
            name: 'react',
            chunks: 'async',
            enforce: true,
          },
          // The stylesheets every page starts with, `shared`'s base and page-wide feedback and the shell's own (the
          // site's frame and remote slots): one file instead of one per chunk that imports them.
          startStyles: {
            type: 'css/mini-extract',
            test: /[\\/](shared[\\/]src[\\/](styles[\\/]base|feedback[\\/]feedback)|shell[\\/]src[\\/]shell)\.css$/,
            name: 'site',
            chunks: 'async',
            enforce: true,
          },
          // The login's stores with MobX.
          mobx: {
            test: /[\\/]node_modules[\\/](mobx|mobx-react-lite)[\\/]|[\\/]shared[\\/]src[\\/]stores[\\/]/,
            name: 'mobx',
            chunks: 'async',
            enforce: true,
          },
        },
      },
      minimizer: [
        new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: { condition: 'some', banner: false } }),
        new CssMinimizerPlugin({ minify: CssMinimizerPlugin.lightningCssMinify }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port: part.port,
      historyApiFallback: true,
      hot: false,
      // Another part's page loads this one's manifest and chunks; in development any local origin may.
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { warnings: false, errors: true } },
      static: part.publicFiles?.length ? { directory: path.join(part.dir, 'public') } : false,
    },
  };
}

