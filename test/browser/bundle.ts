import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
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

/** A minified browser bundle: its text, bytes, gzipped bytes (level 9), and each input's bytes in it. */
export interface BundleSize {
  readonly code: string;
  readonly min: number;
  readonly gz: number;
  /** Minified bytes in the bundle by input file (paths as esbuild names them: `.../dist/browser/...`, `.../node_modules/...`). */
  readonly inputs: ReadonlyMap<string, number>;
}

/**
 * Bundles an app's `main.js` with esbuild (`--bundle --minify --platform=browser`, ES module; the
 * built package must be there, see builtPackage) and measures it: the size goal of issue 21 is
 * read from it by the bench and held by test/browser/bundleSize.spec.ts.
 */
export const measureBundle = async (entry: string, options: { readonly nodeBuild?: boolean } = {}): Promise<BundleSize> => {
  const esbuild = (await import('esbuild')) as typeof import('esbuild');
  const app = appWith(entry);
  try {
    const out = await esbuild.build({
      entryPoints: [join(app, 'main.js')],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      platform: 'browser',
      // The Node ES module build needs node: modules: left out, as a browser app had to before the browser build.
      ...(options.nodeBuild === true ? { external: ['node:*'] } : {}),
    });
    const code = out.outputFiles[0]!.contents;
    const inputs = new Map(Object.entries(Object.values(out.metafile.outputs)[0]!.inputs).map(([path, input]) => [path, input.bytesInOutput] as const));
    return { code: Buffer.from(code).toString('utf8'), min: code.length, gz: gzipSync(code, { level: 9 }).length, inputs };
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
};

const browserBuild = join(projectRoot, 'dist', 'browser');
const scanConfig = "{ url: location.origin + '/api/scan' }";
const subscribe = ".updates({ page_size: 100 }).subscribe((r) => console.log(r));\n";
const transport = `createTransport('scan', ${scanConfig}, { fetch: fetch.bind(globalThis), timeoutMs: 30000, maxResponseBytes: 1 << 26, configIssues: [] })`;

/**
 * The apps whose bundles are measured (bench part 6) and held to a size (bundleSize.spec.ts): the
 * goal's `createClient({ scan })` + `scan.updates`, the same from `canton-rx/scan`, then what it is
 * made of, down to the one stream.
 * The last two import internal modules of the browser build: they are no entry points, they
 * show what tree-shaking leaves of a Scan group and of a stream.
 */
export const sizeCases = {
  /** The goal of issue 21 (40 KB gzipped): the main entry's client, Scan configured, one stream read. */
  client: `import { createClient } from 'canton-rx';\ncreateClient({ scan: ${scanConfig} }).scan${subscribe}`,
  /** The same from the Node ES module build, node: modules left out (what a browser app got before the browser build). */
  clientFromNodeBuild: `import { createClient } from '${join(projectRoot, 'dist', 'esm', 'index.js')}';\ncreateClient({ scan: ${scanConfig} }).scan${subscribe}`,
  /** The same client from `canton-rx/scan` (`createScanClient`): no ledger or validator group. */
  scanClient: `import { createScanClient } from 'canton-rx/scan';\ncreateScanClient({ scan: ${scanConfig} }).scan${subscribe}`,
  /** Everything the main entry exports. */
  wholeLibrary: "export * from 'canton-rx';\n",
  /** A Scan group on its own (every method of `client.scan`): the least any `client.scan` bundle holds. */
  scanGroup:
    `import { createScanGroup } from '${browserBuild}/scan/createScanGroup.js';\nimport { createTransport } from '${browserBuild}/client/createTransport.js';\n` +
    `createScanGroup(${transport})${subscribe}`,
  /** The `scan.updates` stream alone: what a bundle of one stream holds once the rest is shaken off. */
  scanUpdatesStream:
    `import { scanUpdates } from '${browserBuild}/streams/scanUpdates.js';\nimport { createTransport } from '${browserBuild}/client/createTransport.js';\n` +
    `scanUpdates(${transport}, { page_size: 100 }, {}).subscribe((r) => console.log(r));\n`,
} as const;
