import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../helpers/paths';

const run = promisify(execFile);

let built: Promise<void> | undefined;

/** The newest modification time of the files under a folder (0 when there is none). */
const newestUnder = (dir: string): number =>
  existsSync(dir) ? Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newestUnder(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs))) : 0;

/**
 * Builds the package (scripts/build.mjs: dist/cjs, esm, types, browser) once per test run, unless
 * dist/browser was built after every change of src/, package.json and the build script: three
 * tsc runs cost minutes on a loaded machine, and the test is about the build's output.
 */
export const builtPackage = (): Promise<void> => {
  const stamp = join(projectRoot, 'dist', 'browser', 'package.json');
  const inputs = Math.max(newestUnder(join(projectRoot, 'src')), statSync(join(projectRoot, 'package.json')).mtimeMs, statSync(join(projectRoot, 'scripts', 'build.mjs')).mtimeMs);
  if (built === undefined && existsSync(stamp) && statSync(stamp).mtimeMs > inputs) built = Promise.resolve();
  built ??= run(process.execPath, [join(projectRoot, 'scripts', 'build.mjs')], { cwd: projectRoot, maxBuffer: 16 * 1024 * 1024 }).then(() => undefined);
  return built;
};

/** The bundlers a browser app may use, each run the way it runs with no configuration of its own. */
export type Bundler = 'esbuild' | 'vite' | 'webpack';

/**
 * A fresh app folder in the temporary directory whose `node_modules/canton-rx` is the built
 * package (a link to the project: bundlers follow it and find rxjs, io-ts and fp-ts beside it).
 */
export const appWith = (entry: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'canton-rx-browser-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(projectRoot, join(dir, 'node_modules', 'canton-rx'), 'dir');
  writeFileSync(join(dir, 'main.js'), entry);
  return dir;
};

/**
 * Bundles `main.js` of an app folder for the browser and answers the bundle's text (one file).
 * esbuild: `--bundle --platform=browser --minify`; Vite: `vite build` of an index.html that loads
 * main.js (no vite.config); webpack: its web target and defaults (no webpack.config, only
 * where the entry and the output are), in development mode: it resolves the same way, and
 * production mode's minifier costs most of a minute here.
 */
export const bundle = async (bundler: Bundler, app: string): Promise<string> => {
  if (bundler === 'esbuild') {
    const esbuild = (await import('esbuild')) as typeof import('esbuild');
    await esbuild.build({ entryPoints: [join(app, 'main.js')], bundle: true, platform: 'browser', minify: true, format: 'iife', outfile: join(app, 'out', 'main.js'), logLevel: 'silent' });
    return readFileSync(join(app, 'out', 'main.js'), 'utf8');
  }
  if (bundler === 'vite') {
    writeFileSync(join(app, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>\n');
    await run(process.execPath, [join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error', '--outDir', 'out'], { cwd: app, maxBuffer: 16 * 1024 * 1024 });
    const assets = join(app, 'out', 'assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    if (js.length !== 1) throw new Error(`vite wrote ${js.length} scripts: ${js.join(', ')}`);
    return readFileSync(join(assets, js[0]!), 'utf8');
  }
  // webpack is CommonJS: required directly; its callback reports errors of the build as stats.
  const webpack = require(join(projectRoot, 'node_modules', 'webpack')) as typeof import('webpack');
  await new Promise<void>((resolve, reject) => {
    webpack({ mode: 'development', devtool: false, context: app, entry: './main.js', output: { path: join(app, 'out'), filename: 'main.js' } }, (err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true, errorDetails: false })));
      resolve();
    });
  });
  return readFileSync(join(app, 'out', 'main.js'), 'utf8');
};
