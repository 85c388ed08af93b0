import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
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
 * Bundles `main.js` of an app folder for the browser and answers the text of its entry script
 * (Vite's lies in out/assets beside the chunks it imports, webpack's in out/).
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
    // The page's script is the entry chunk; the Scan group's operations loaded on first use are chunks beside it.
    const page = readFileSync(join(app, 'out', 'index.html'), 'utf8');
    const script = /<script type="module"[^>]* src="\/assets\/([^"]+\.js)"/.exec(page);
    if (script === null) throw new Error(`vite wrote no module script into index.html: ${page}`);
    return readFileSync(join(app, 'out', 'assets', script[1]!), 'utf8');
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

/**
 * A minified browser bundle, split the way a browser app's bundler splits it: what the app loads
 * up front (its entry chunk and the chunks that imports statically) and every chunk (with those
 * the app fetches on the first call of a method whose module is loaded on use, `import()`).
 */
export interface BundleSize {
  /** The text of the up-front chunks, entry first. */
  readonly code: string;
  /** Minified bytes loaded up front. */
  readonly min: number;
  /** Gzipped bytes (level 9) loaded up front: each chunk gzipped on its own, as it is served. */
  readonly gz: number;
  /** Minified and gzipped bytes of every chunk, and how many there are. */
  readonly all: { readonly min: number; readonly gz: number; readonly chunks: number };
  /** Minified bytes up front by input file (paths as esbuild names them: `.../dist/browser/...`, `.../node_modules/...`). */
  readonly inputs: ReadonlyMap<string, number>;
}

/**
 * Bundles an app's `main.js` with esbuild (`--bundle --minify --splitting --platform=browser`, ES
 * modules; the built package must be there, see builtPackage) and measures it: the size goal of
 * issue 30 is read from it by the bench and held by test/browser/bundleSize.spec.ts. Code
 * splitting is on, as in every app bundler (Vite, webpack): a module loaded on first use is a
 * chunk of its own, not part of what the page loads up front.
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
      splitting: true,
      outdir: join(app, 'out'),
      write: false,
      metafile: true,
      logLevel: 'silent',
      platform: 'browser',
      // The Node ES module build needs node: modules: left out, as a browser app had to before the browser build.
      ...(options.nodeBuild === true ? { external: ['node:*'] } : {}),
    });
    const files = new Map(out.outputFiles.map((f) => [relative(process.cwd(), f.path), f.contents] as const));
    const outputs = out.metafile.outputs;
    // Every chunk of a dynamic import has an entryPoint too: the app's is the one esbuild names after main.js.
    const entryChunk = Object.keys(outputs).find((k) => k.endsWith('/out/main.js'))!;
    // The up-front chunks: the entry and, transitively, what it imports statically.
    const upFront: string[] = [];
    const visit = (chunk: string): void => {
      if (upFront.includes(chunk)) return;
      upFront.push(chunk);
      for (const i of outputs[chunk]!.imports) if (i.kind === 'import-statement' && outputs[i.path] !== undefined) visit(i.path);
    };
    visit(entryChunk);
    const bytesOf = (chunk: string): Uint8Array => files.get(chunk) ?? files.get(relative(process.cwd(), resolve(chunk)))!;
    const gz = (chunks: string[]): number => chunks.reduce((n, c) => n + gzipSync(bytesOf(c), { level: 9 }).length, 0);
    const min = (chunks: string[]): number => chunks.reduce((n, c) => n + bytesOf(c).length, 0);
    const everyChunk = Object.keys(outputs).filter((k) => k.endsWith('.js'));
    const inputs = new Map<string, number>();
    for (const c of upFront) for (const [path, input] of Object.entries(outputs[c]!.inputs)) inputs.set(path, (inputs.get(path) ?? 0) + input.bytesInOutput);
    return {
      code: upFront.map((c) => Buffer.from(bytesOf(c)).toString('utf8')).join('\n'),
      min: min(upFront),
      gz: gz(upFront),
      all: { min: min(everyChunk), gz: gz(everyChunk), chunks: everyChunk.length },
      inputs,
    };
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
