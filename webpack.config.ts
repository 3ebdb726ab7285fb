import path from 'node:path';
import fs from 'node:fs';
import webpack, { type Configuration, type Compiler } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import 'webpack-dev-server';
import { MACHINE_COVERAGE_DIR, mergeMachineCoverage } from './server/machineCoverage';

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

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  const devPort = Number(process.env.PORT ?? 3000);
  // The generated-path tests' coverage of the machines, when a test run left it: only the
  // flows page's chunk reads it.
  const machineCoverage = mergeMachineCoverage(path.join(root, MACHINE_COVERAGE_DIR));
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
          ]
        : []),
      // moment's locale files are reachable through a dynamic require; the console speaks English.
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      // Likewise Blueprint's date pickers load date-fns locales by name: keep only en-US.
      new webpack.ContextReplacementPlugin(/date-fns[\\/]locale$/, /^\.\/en-US\/index\.js$/),
      new webpack.DefinePlugin({ __MACHINE_COVERAGE__: JSON.stringify(machineCoverage) }),
      new StatsFilePlugin(),
    ],
    optimization: {
      minimizer: [
        '...',
        // Blueprint's CSS uses calc() forms that postcss-calc cannot parse; leave calc() as written.
        new CssMinimizerPlugin({ minimizerOptions: { preset: ['default', { calc: false }] } }),
      ],
      splitChunks: { chunks: 'async' },
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
