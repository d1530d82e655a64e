/**
 * The named pieces every part's webpack configs are composed of (`webpack.common.ts` puts them together): how
 * source is compiled, how stylesheets and pictures are handled in a browser build and in a Node build, where files
 * go and under which names, how chunks are grouped, the dev server. A config is made whole from these, never built
 * and then edited.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack, { type Configuration, type RuleSetRule } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { CHUNK_LOAD_TIMEOUT_MS, chunkRegistryGlobal, SHARED_SELECTION_FILES, type BuildInfo } from '@wenrun/shared/node';
import type { PackageJson } from './packageInfo';
import { SEMANTIC_CSS, semanticCssPruning } from './semanticCss';
import { SHARED_SINGLETONS } from './sharedSingletons';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const require = createRequire(import.meta.url);

/** What one run of the build is: the same for every config of a part. */
export interface Build {
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

/** TypeScript and JSX, compiled by SWC for the browsers the site supports (and for Node, the same way). */
export function scriptRule(build: Build): RuleSetRule {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !build.isProduction } },
          target: 'es2019',
        },
      },
    },
  };
}

/** Stylesheets extracted into files; Semantic UI's pruned to what the site uses (`semanticCss.ts`). */
export function browserStyleRule(): RuleSetRule {
  return {
    test: /\.css$/,
    oneOf: [
      { include: SEMANTIC_CSS, use: [MiniCssExtractPlugin.loader, 'css-loader', semanticCssPruning()] },
      { use: [MiniCssExtractPlugin.loader, 'css-loader'] },
    ],
  };
}

/** In a Node build a stylesheet import is nothing: the browser loads the CSS. */
export const serverStyleRule: RuleSetRule = { test: /\.css$/, loader: path.join(import.meta.dirname, 'serverStylesheetLoader.cjs') };

/**
 * Pictures: small ones inlined, the rest files. A Node build names them as the browser build does and emits
 * nothing: the markup it renders points at the browser build's files.
 */
export function imageRule(server?: { build: Build }): RuleSetRule {
  return {
    test: /\.(png|jpe?g|gif|svg|webp|avif)$/,
    type: 'asset',
    parser: { dataUrlCondition: { maxSize: 2 * 1024 } },
    ...(server ? { generator: { emit: false, filename: `assets/[name]${server.build.nameSuffix}[ext]` } } : {}),
  };
}

/** The extensions resolved, in order; a Node build first takes a module's `.server.ts(x)` twin. */
export const BROWSER_EXTENSIONS = ['.tsx', '.ts', '.js', '.mjs'];
export const SERVER_EXTENSIONS = ['.server.ts', '.server.tsx', ...BROWSER_EXTENSIONS];

/** What every build's output shares: its name (the page's chunk scripts carry it), timeouts and asset names. */
function commonOutput(name: string, build: Build, clean: boolean): NonNullable<Configuration['output']> {
  return {
    assetModuleFilename: `assets/[name]${build.nameSuffix}[ext]`,
    cssFilename: `[name]${build.nameSuffix}.css`,
    clean,
    // Also the name of its chunk scripts in the page (`data-webpack`; shell/src/remotes/chunkRegistry.ts).
    uniqueName: name,
    chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
  };
}

export function browserOutput(name: string, build: Build, publicPath: string, clean: boolean): NonNullable<Configuration['output']> {
  return {
    ...commonOutput(name, build, clean),
    path: build.outputDir,
    publicPath,
    filename: `[name]${build.nameSuffix}.js`,
    chunkFilename: `[name]${build.nameSuffix}.js`,
    chunkLoadingGlobal: chunkRegistryGlobal(name),
  };
}

/** A Node build: CommonJS the render server requires, entries under their own names, chunks hashed. */
export function serverOutput(name: string, build: Build, outputPath: string, publicPath: string): NonNullable<Configuration['output']> {
  return {
    ...commonOutput(name, build, false),
    path: outputPath,
    publicPath,
    filename: '[name].js',
    chunkFilename: '[name].[contenthash:8].js',
    library: { type: 'commonjs-module' },
  };
}

/** The build's facts as `__BUILD_INFO__` in the code (the status page, field data). */
export function buildInfoDefinition(build: Build): webpack.DefinePlugin {
  return new webpack.DefinePlugin({ __BUILD_INFO__: JSON.stringify(build.buildInfo) });
}

export function cssExtraction(build: Build): MiniCssExtractPlugin {
  return new MiniCssExtractPlugin({ filename: `[name]${build.nameSuffix}.css`, chunkFilename: `[name]${build.nameSuffix}.css` });
}

export function browserOptimization(): NonNullable<Configuration['optimization']> {
  return {
    // A library goes with the code that imports it rather than into a vendor chunk of its own: a page then makes
    // one request less for each (DOMPurify with the sanitiser). What two chunks share is still split out once
    // (webpack's default group).
    splitChunks: {
      cacheGroups: {
        defaultVendors: false,
        // Shared packages a page always loads together, each group one request instead of one per package.
        react: {
          test: (module: webpack.Module) => /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(module.nameForCondition() ?? ''),
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
        // Semantic UI React's selection with all of the machinery it uses, what Form's own share uses included: what
        // the two have in common would otherwise be a third chunk, one more request on every page that draws a button.
        semanticUiReact: {
          test: semanticSelectionModules(),
          name: 'semantic-ui-react',
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
  };
}

/**
 * A split-chunks test: modules that only Semantic UI React's shares use (every chunk that holds one starts from a
 * share of it) and that its selection uses. What Form's share alone uses stays with Form; what other code uses too
 * (Babel's helpers, clsx) stays where webpack's own groups put it.
 */
function semanticSelectionModules() {
  const selection = path.join(ROOT, SHARED_SELECTION_FILES['semantic-ui-react']);
  const shares = new Set([
    selection,
    ...Object.keys(SHARED_SINGLETONS)
      .filter((key) => key.startsWith('semantic-ui-react/'))
      .map((key) => require.resolve(key)),
  ]);
  const rootOf = new WeakMap<webpack.Chunk, string | null>();
  return (module: webpack.Module, { chunkGraph }: { chunkGraph: webpack.ChunkGraph }): boolean => {
    const roots = chunkGraph.getModuleChunks(module).map((chunk) => {
      let root = rootOf.get(chunk);
      if (root === undefined) {
        root = [...chunkGraph.getChunkModulesIterable(chunk)].map((other) => other.nameForCondition() ?? '').find((name) => shares.has(name)) ?? null;
        rootOf.set(chunk, root);
      }
      return root;
    });
    return roots.includes(selection) && roots.every((root) => root !== null);
  };
}

/** `npm run dev`'s server of one part, on the part's port. */
export function devServer(port: number, publicDir?: string): DevServerConfiguration {
  return {
    port,
    historyApiFallback: true,
    hot: false,
    // Another part's page loads this one's manifest and chunks; in development any local origin may.
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: { overlay: { warnings: false, errors: true } },
    static: publicDir ? { directory: publicDir } : false,
  };
}
