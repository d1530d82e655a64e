/**
 * The one webpack factory. Each part's webpack.config.ts calls `createPartConfig` with only what differs
 * (name, port, exposes, public path); everything else — loaders, federation sharing, caching names, the
 * HTML page — is decided here once.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
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
  chunkRegistryGlobal,
  ENTRY_ASSETS_FILE,
  MANIFEST_FILE,
  VERSION_FILE,
  type BuildInfo,
  type EntryAssets,
} from './shared/src/config/parts';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

/**
 * One instance in the page, whoever loads first (docs/ARCHITECTURE.md, federation contract). `react-router` is listed
 * beside `react-router-dom` because the latter re-exports the former's contexts: two copies would give two
 * routers that cannot see each other.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'mobx',
  'mobx-react-lite',
  'axios',
  '@wenrun/shared',
  // semantic-ui-react, as the components the site uses (see shared/src/ui/index.ts).
  '@wenrun/shared/ui',
] as const;

export interface PartOptions {
  /** The part's folder (its `__dirname`). */
  dir: string;
  /** Federation container name; the key of this part in `runtime-config.json`'s `remotes`. */
  name: string;
  /** Port of `npm run dev` (and of `npm start`, which reads it from the same table in shared/src/config/parts.ts). */
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

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

function gitShortHash(dir: string): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** The site's icon inline, percent-encoded whole: a data URL with raw spaces or quotes is not a valid URL. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" rx="8" fill="#1f5fa8"/><path d="M8 11h20M8 18h20M8 25h12" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
)}`;

function htmlPage(parameters: Record<string, unknown>): string {
  const { htmlWebpackPlugin } = parameters as { htmlWebpackPlugin: { options: { title?: unknown } } };
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="${FAVICON}">
<title>${String(htmlWebpackPlugin.options.title)}</title>
</head>
<body>
<noscript>本网站需要启用 JavaScript 才能正常浏览。</noscript>
<div id="root"></div>
</body>
</html>`;
}

/** Every remote exposes which build it is, for the status page and ops. */
export const BUILD_INFO_MODULE = './buildInfo';
const BUILD_INFO_SOURCE = path.join(import.meta.dirname, 'shared/src/federation/buildInfo.ts');

export function sharedConfig(pkg: PackageJson) {
  const sharedPkg = readPackageJson(path.join(import.meta.dirname, 'shared'));
  return Object.fromEntries(
    SHARED_SINGLETONS.map((dep) => {
      const isWorkspace = dep === sharedPkg.name || dep.startsWith(`${sharedPkg.name}/`);
      const packageName = isWorkspace ? sharedPkg.name : dep;
      const requiredVersion = pkg.dependencies?.[packageName];
      if (!requiredVersion) {
        throw new Error(`${pkg.name}: shared singleton "${dep}" needs "${packageName}" in its package.json dependencies`);
      }
      return [
        dep,
        {
          singleton: true,
          requiredVersion: isWorkspace ? `^${sharedPkg.version}` : requiredVersion,
          ...(isWorkspace ? { version: sharedPkg.version } : {}),
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
  /** `.[contenthash:8]` in production: the name changes when the file does (cached for a year). */
  hashed: string;
}

/**
 * The shell is one build. A remote is two: its federation container (remoteEntry.js and the exposed modules),
 * which borrows the federation runtime from the shell instead of carrying a second copy (about 27 KB gzip on
 * every page), and its standalone dev page, a plain app that renders the exposed modules without any host.
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
      hashed: mode === 'production' ? '.[contenthash:8]' : '',
    };
    return part.exposes
      ? [remoteContainerConfig(part, part.exposes, build), remoteServerConfig(part, part.exposes, build), standalonePageConfig(part, build)]
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
      shared: sharedConfig(build.pkg),
      manifest: { fileName: 'mf-manifest.json' },
      dts: false,
      // Every remote container uses this page's federation runtime (they are built with externalRuntime).
      experiments: { provideExternalRuntime: true },
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
      filename: 'remoteEntry.js',
      exposes: { ...exposes, [BUILD_INFO_MODULE]: BUILD_INFO_SOURCE },
      shared: sharedConfig(build.pkg),
      manifest: { fileName: 'mf-manifest.json' },
      dts: false,
      experiments: { externalRuntime: true },
    }),
    new VersionFilePlugin(build.buildInfo),
    new ServerEntryInManifestPlugin(),
  );
  return config;
}

const require = createRequire(import.meta.url);
const NODE_RUNTIME_PLUGIN = require.resolve('@module-federation/node/runtimePlugin');
export const SERVER_DIR = 'server';

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
    { test: /\.css$/, loader: path.join(import.meta.dirname, 'deploy/webpack/serverStylesheetLoader.cjs') },
    {
      test: /\.(png|jpe?g|gif|svg|webp|avif)$/,
      type: 'asset',
      parser: { dataUrlCondition: { maxSize: 2 * 1024 } },
      generator: { emit: false, filename: `assets/[name]${build.hashed}[ext]` },
    },
  );
  config.plugins = [new webpack.DefinePlugin({ __BUILD_INFO__: JSON.stringify(build.buildInfo) })];
  config.resolve = { ...config.resolve, extensions: ['.server.ts', '.server.tsx', ...(config.resolve?.extensions ?? [])] };
  // Loaded from the render server's own dependencies (DOMPurify's window on Node), not bundled.
  config.externals = { jsdom: 'commonjs jsdom' };
  return config;
}

function remoteServerConfig(part: PartOptions, exposes: Record<string, string>, build: Build): PartConfig {
  const config = serverConfig(part, build, `${part.name}-server`, {}, path.join(build.outputDir, SERVER_DIR), 'auto');
  config.dependencies = [part.name];
  config.plugins?.push(
    new ModuleFederationPlugin({
      name: part.name,
      filename: 'remoteEntry.js',
      exposes: { ...exposes, [BUILD_INFO_MODULE]: BUILD_INFO_SOURCE },
      shared: sharedConfig(build.pkg),
      library: { type: 'commonjs-module' },
      remoteType: 'script',
      runtimePlugins: [NODE_RUNTIME_PLUGIN],
      manifest: false,
      dts: false,
    }),
  );
  return config;
}

function hostServerConfig(part: PartOptions, build: Build): PartConfig {
  const config = serverConfig(part, build, `${part.name}-server`, { server: './src/server/index.ts' }, path.join(build.outputDir, SERVER_DIR), part.publicPath ?? '/');
  config.dependencies = [part.name];
  config.plugins?.push(
    new ModuleFederationPlugin({
      name: part.name,
      shared: sharedConfig(build.pkg),
      library: { type: 'commonjs-module' },
      remoteType: 'script',
      runtimePlugins: [NODE_RUNTIME_PLUGIN],
      manifest: false,
      dts: false,
    }),
  );
  return config;
}

/** The remote's dev page: its exposed modules on their own, built after the container into the same folder. */
function standalonePageConfig(part: PartOptions, build: Build): PartConfig {
  const config = commonConfig(part, build, {
    name: `${part.name}-standalone`,
    entry: { main: './src/index.ts' },
    clean: false,
  });
  config.dependencies = [part.name];
  // One dev server for the part, on the container's config; it serves both builds.
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
  const { isProduction, hashed } = build;
  return {
    name,
    mode: build.mode,
    context: part.dir,
    entry,
    devtool: isProduction ? false : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: build.outputDir,
      publicPath: part.publicPath ?? 'auto',
      filename: `[name]${hashed}.js`,
      chunkFilename: `[name]${hashed}.js`,
      assetModuleFilename: `assets/[name]${hashed}[ext]`,
      cssFilename: `[name]${hashed}.css`,
      clean,
      uniqueName: name,
      chunkLoadingGlobal: chunkRegistryGlobal(name),
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
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        {
          test: /\.(png|jpe?g|gif|svg|webp|avif)$/,
          type: 'asset',
          parser: { dataUrlCondition: { maxSize: 2 * 1024 } },
        },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: `[name]${hashed}.css`, chunkFilename: `[name]${hashed}.css` }),
      new webpack.DefinePlugin({ __BUILD_INFO__: JSON.stringify(build.buildInfo) }),
    ],
    optimization: {
      minimizer: [
        new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false }),
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

/** Emits VERSION_FILE with the same build info the bundle carries, down to the build time. */
class VersionFilePlugin {
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
class ServerEntryInManifestPlugin {
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
class EntryAssetsPlugin {
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
