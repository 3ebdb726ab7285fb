import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import webpack, { type Configuration, type Compiler } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import type * as SwcCore from '@swc/core';
import 'webpack-dev-server';
import { MACHINE_COVERAGE_DIR, mergeMachineCoverage } from './server/machineCoverage';
import { machineRegistry } from './machines/registry';
import { layoutCharts } from './src/ui/Statechart/layout';
import { machineChart } from './src/ui/Statechart/machineGraph';

const root = __dirname;

/** Writes the chunk graph that `npm run bench` reads to size the first screen. */
class StatsFilePlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('StatsFilePlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        assets: true,
        chunks: true,
        chunkModules: false,
        chunkRelations: true,
        entrypoints: true,
        chunkGroups: true,
        outputPath: true,
        modules: true,
        ids: true,
      });
      const dir = path.join(root, 'dist');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(root, '.build-stats.json'), JSON.stringify(json));
    });
  }
}

/** Blueprint's icons package: its per-icon path modules and its version. */
const iconsPackage = path.dirname(require.resolve('@blueprintjs/icons/package.json'));
const iconsVersion = (
  JSON.parse(fs.readFileSync(path.join(iconsPackage, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
/** Where the icon modules are served, by Blueprint's version so a new one is fetched anew. */
const ICON_PATHS_DIR = `assets/icons/${iconsVersion}`;

/**
 * Copies Blueprint's per-icon path modules (`export default [...paths]`, a few hundred bytes
 * each) to `assets/icons/<version>/<16px|20px>/<icon>.js`, from where `src/ui/iconPaths.ts`
 * imports each icon the page draws. Served as they are, they need no table of chunks in the
 * first screen's code.
 */
class IconPathsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('IconPathsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'IconPathsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const size of ['16px', '20px']) {
            const dir = path.join(iconsPackage, 'lib/esm/generated', size, 'paths');
            compilation.contextDependencies.add(dir);
            for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.js'))) {
              const source = fs
                .readFileSync(path.join(dir, file), 'utf8')
                .replace(/\n?\/\/# sourceMappingURL=.*$/m, '\n');
              compilation.emitAsset(
                `${ICON_PATHS_DIR}/${size}/${file}`,
                new webpack.sources.RawSource(source),
              );
            }
          }
        },
      );
    });
  }
}

/** Blueprint's generated module of icon names (an enum) and font codepoints. */
const ICON_ENUM_MODULE = path.join(iconsPackage, 'lib/esm/generated/16px/blueprint-icons-16.js');

/**
 * Blueprint's icon names in the order of its enum (`BlueprintIcons_16["AddApplication"] =
 * "add-application"`), read from the module itself.
 */
function blueprintIconNames(): string[] {
  const source = fs.readFileSync(ICON_ENUM_MODULE, 'utf8');
  const names = [...source.matchAll(/BlueprintIcons_16\["\w+"\] = "([a-z0-9-]+)";/g)].map(
    (match) => match[1] as string,
  );
  if (names.length < 100) {
    throw new Error(`Found ${names.length} icon names in ${ICON_ENUM_MODULE}: has it changed?`);
  }
  return names;
}

/** The built files worth compressing: scripts, styles, the page and the icons. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/** The encodings the server can send as built (`preCompressed` in `server/consoleFiles.ts`). */
const PRECOMPRESSED = [
  {
    extension: 'br',
    algorithm: 'brotliCompress' as const,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  },
  { extension: 'gz', algorithm: 'gzip' as const, compressionOptions: { level: 9 } },
];

/**
 * Minifies one script with swc: two compress passes and mangled names, no comments kept (the
 * build keeps none either way). The minimizer runs this in its worker threads from its source
 * text, so it requires what it uses.
 */
async function swcMinify(
  input: Record<string, string | Buffer>,
  _sourceMap: unknown,
  options: { module?: boolean } = {},
): Promise<{ code: string }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const swc = require('@swc/core') as typeof SwcCore;
  const [source] = Object.values(input);
  const { code } = await swc.minify(String(source), {
    // Scripts that are ES modules (the icons' paths, Monaco's worker) say so, or are told apart
    // by their syntax.
    module: options.module ?? 'unknown',
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  return { code };
}

/** The pages shown before signing in: they never load the shell. */
const SIGN_IN_PAGE =
  /[\\/]src[\\/]auth[\\/](kratos[\\/](Login|Recovery|Registration|Verification|FlowError)Page|clerk[\\/]Sign(In|Up)Page)\./;
const chunkHolds = new WeakMap<webpack.Chunk, Map<RegExp, boolean>>();

/** Whether a chunk holds a module whose path matches `pattern` (remembered per chunk). */
function holds(chunk: webpack.Chunk, chunkGraph: webpack.ChunkGraph, pattern: RegExp): boolean {
  let known = chunkHolds.get(chunk);
  if (!known) {
    known = new Map();
    chunkHolds.set(chunk, known);
  }
  let answer = known.get(pattern);
  if (answer === undefined) {
    answer = [...chunkGraph.getChunkModulesIterable(chunk)].some((module) =>
      pattern.test(module.nameForCondition() ?? ''),
    );
    known.set(pattern, answer);
  }
  return answer;
}

export default async (
  _env: unknown,
  argv: { mode?: Configuration['mode'] },
): Promise<Configuration> => {
  const production = argv.mode !== 'development';
  const devPort = Number(process.env.PORT ?? 3000);
  // The generated-path tests' coverage of the machines, when a test run left it: only the
  // flows page's chunk reads it.
  const machineCoverage = mergeMachineCoverage(path.join(root, MACHINE_COVERAGE_DIR));
  // The console's machines laid out once here: the flows page and the inspector draw them
  // without ELK (about 385 KB) in the page. Development lays them out in the page instead.
  const statechartLayouts = production
    ? await layoutCharts(machineRegistry.map(({ machine }) => machineChart(machine)))
    : {};
  return {
    mode: production ? 'production' : 'development',
    context: root,
    entry: { main: './src/main.tsx' },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', refresh: false } },
                target: 'es2020',
              },
            },
          },
        },
        {
          test: /\.css$/,
          use: [
            production ? MiniCssExtractPlugin.loader : 'style-loader',
            { loader: 'css-loader', options: { importLoaders: 0 } },
          ],
        },
        { test: /\.(ttf|woff2?|eot|svg|png|ico)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'assets/[name].[contenthash:12].css',
              chunkFilename: 'assets/[name].[contenthash:12].css',
            }),
            // Every text file also as brotli (quality 11) and gzip (level 9) beside it, which the
            // server sends as they are: about 8% fewer bytes than compressing on each request.
            ...PRECOMPRESSED.map(
              ({ extension, algorithm, compressionOptions }) =>
                new CompressionPlugin({
                  test: COMPRESSIBLE,
                  filename: `[path][base].${extension}`,
                  algorithm,
                  compressionOptions,
                  minRatio: 0.9,
                }),
            ),
          ]
        : []),
      // moment's locale files are reachable through a dynamic require; the console speaks English.
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      // Likewise Blueprint's date pickers load date-fns locales by name: keep only en-US.
      new webpack.ContextReplacementPlugin(/date-fns[\\/]locale$/, /^\.\/en-US\/index\.js$/),
      // Blueprint's list of icon names (`IconNames`, and the set its icon loader checks names
      // against) reads its generated enum module, which also holds the icon font's codepoints:
      // the minifier keeps a reference to every key of that table though nothing reads it. That
      // import gets the same names, in the same order, as one string: about 4.5 KB (compressed)
      // less in every page's first load.
      new webpack.NormalModuleReplacementPlugin(/[\\/]16px[\\/]blueprint-icons-16$/, (resource) => {
        if (
          /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/.test(
            resource.contextInfo.issuer,
          )
        ) {
          resource.request = path.join(root, 'src/ui/blueprintIconNames.ts');
        }
      }),
      new webpack.DefinePlugin({
        __BLUEPRINT_ICON_NAMES__: JSON.stringify(blueprintIconNames().join(' ')),
        __MACHINE_COVERAGE__: JSON.stringify(machineCoverage),
        __STATECHART_LAYOUTS__: JSON.stringify(statechartLayouts),
        __ICON_PATHS_URL__: JSON.stringify(`/${ICON_PATHS_DIR}`),
      }),
      new IconPathsPlugin(),
      new StatsFilePlugin(),
    ],
    optimization: {
      minimizer: [
        // Scripts minified by swc (as they are compiled): about a fifth of terser's time in two
        // passes, for the same bytes on the wire within a few tenths of a percent.
        new MinimizerPlugin({ minify: swcMinify }),
        // Blueprint's CSS uses calc() forms that postcss-calc cannot parse; leave calc() as written.
        new CssMinimizerPlugin({ minimizerOptions: { preset: ['default', { calc: false }] } }),
      ],
      splitChunks: {
        chunks: 'async',
        // The libraries the first screen runs, in chunks of their own apart from the console's
        // code: they change only with an upgrade, so a new release of the console leaves the
        // browser's copies of them valid. Only what the entry itself loads goes there
        // (`initial`); what pages alone use stays in their chunks.
        cacheGroups: {
          // What the shell's chunk shares with the pages' chunks, once: every signed-in page
          // loads the shell, so a page's chunk need not carry its own copy (the query helpers,
          // Blueprint's menus, tags and callouts, icons). Not what the sign-in pages use: they
          // never load the shell.
          shellShared: {
            test: (module: webpack.Module, { chunkGraph }: { chunkGraph: webpack.ChunkGraph }) => {
              const chunks = [...chunkGraph.getModuleChunksIterable(module)];
              if (chunks.length < 2 || !chunks.some((chunk) => chunk.name === 'shell')) {
                return false;
              }
              return !chunks.some((chunk) => holds(chunk, chunkGraph, SIGN_IN_PAGE));
            },
            name: 'shell-shared',
            chunks: 'async',
            minSize: 0,
            priority: 5,
            enforce: true,
          },
          // And what the shell shares with the sign-in pages: a chunk those pages load too.
          signInShared: {
            test: (module: webpack.Module, { chunkGraph }: { chunkGraph: webpack.ChunkGraph }) => {
              const chunks = [...chunkGraph.getModuleChunksIterable(module)];
              return (
                chunks.some((chunk) => chunk.name === 'shell') &&
                chunks.some((chunk) => holds(chunk, chunkGraph, SIGN_IN_PAGE))
              );
            },
            name: 'sign-in-shared',
            chunks: 'async',
            minSize: 0,
            priority: 4,
            enforce: true,
          },
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|redux|@reduxjs|immer|reselect|use-sync-external-store)[\\/]/,
            name: 'framework',
            chunks: 'initial',
            priority: 30,
            enforce: true,
          },
          blueprint: {
            // With the icon names that stand in for Blueprint's enum module (above).
            test: /[\\/]node_modules[\\/]@blueprintjs[\\/]|[\\/]src[\\/]ui[\\/]blueprintIconNames\.ts$/,
            name: 'blueprint',
            chunks: 'initial',
            priority: 20,
            enforce: true,
          },
          vendor: {
            test: /[\\/]node_modules[\\/]/,
            name: 'vendor',
            chunks: 'initial',
            priority: 10,
            enforce: true,
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: devPort,
      host: process.env.HOST ?? '127.0.0.1',
      hot: true,
      historyApiFallback: true,
      client: { overlay: { errors: true, warnings: false } },
      proxy: [
        {
          context: ['/api', '/config.json'],
          target: `http://127.0.0.1:${devPort + 1}`,
          changeOrigin: false,
          ws: true,
        },
      ],
    },
  };
};
