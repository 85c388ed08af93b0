// Builds dist/cjs (CommonJS), dist/esm (ES modules) and dist/types with the pinned tsc,
// then marks each folder's module kind so Node picks the right loader for each, and derives
// dist/browser (the main entry's `browser` condition) from dist/esm.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const tsc = (...args) =>
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', ...args], {
    stdio: 'inherit',
  });

/** Every file under a folder, as paths that include it. */
const filesUnder = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

rmSync('dist', { recursive: true, force: true });
tsc('--outDir', 'dist/cjs', '--module', 'CommonJS', '--moduleResolution', 'node10');
tsc('--outDir', 'dist/esm', '--module', 'ES2020', '--moduleResolution', 'bundler');
tsc('--outDir', 'dist/types', '--declaration', '--emitDeclarationOnly');
// The page decoding workers find their entry beside them: by import.meta.url in the ES module build
// (src/backfill/pageWorkers.ts leaves the place for it; CommonJS has no import.meta).
{
  const file = 'dist/esm/backfill/pageWorkers.js';
  const text = readFileSync(file, 'utf8');
  const marked = 'const moduleUrl = undefined;';
  if (!text.includes(marked)) throw new Error(`${file} lost its line ${marked}`);
  writeFileSync(file, text.replace(marked, 'const moduleUrl = import.meta.url;'));
}
mkdirSync('dist/cjs', { recursive: true });
writeFileSync('dist/cjs/package.json', JSON.stringify({ type: 'commonjs' }) + '\n');
writeFileSync('dist/esm/package.json', JSON.stringify({ type: 'module' }) + '\n');

// The browser build: the ES modules of the main entry, where
// - a module `x.browser.ts` takes the place of its sibling `x.ts` (fileCheckpointStore without
//   node:fs, the platform fetch without cross-fetch), so that bundlers need no configuration;
// - fp-ts is imported from its ES module build (`fp-ts/es6`), which bundlers tree-shake, instead
//   of `fp-ts/lib` (CommonJS, whole). Node cannot load `fp-ts/es6` (no `type: module` there),
//   hence the Node builds keep `fp-ts/lib`.
// The subpath entries (testkit, postgres, nats) and the command line are Node's only.
cpSync('dist/esm', 'dist/browser', { recursive: true });
for (const dir of ['cli', 'testkit', 'postgres', 'nats', 'duckdb']) rmSync(join('dist/browser', dir), { recursive: true, force: true });
// The backfill's worker threads are Node's (withPageWorkers.browser.ts decodes on the page's thread).
for (const file of ['backfill/pageWorkers.js', 'backfill/decodeWorker.js', 'backfill/pageJob.js']) rmSync(join('dist/browser', file), { force: true });
// The manifest store (node:fs) serves fileCheckpointStore and the Parquet writer, both Node's (the browser's fileCheckpointStore is its stand-in).
rmSync(join('dist/browser', 'checkpoints/fileManifestStore.js'), { force: true });
for (const file of filesUnder('dist/browser')) {
  if (!file.endsWith('.js')) continue;
  if (file.endsWith('.browser.js')) {
    renameSync(file, file.slice(0, -'.browser.js'.length) + '.js');
    continue;
  }
  const text = readFileSync(file, 'utf8');
  const rewritten = text.replace(/(from\s+['"])fp-ts\/lib\//g, '$1fp-ts/es6/');
  if (rewritten !== text) writeFileSync(file, rewritten);
}
writeFileSync('dist/browser/package.json', JSON.stringify({ type: 'module', sideEffects: false }) + '\n');
// The browser stand-ins are no part of the Node builds.
for (const dir of ['dist/cjs', 'dist/esm', 'dist/types']) for (const file of filesUnder(dir)) if (/\.browser\.(js|d\.ts)$/.test(file)) rmSync(file);
const leftover = filesUnder('dist/browser').filter((f) => /\.js$/.test(f) && /from\s+['"](node:|fp-ts\/lib\/|cross-fetch)/.test(readFileSync(f, 'utf8')));
if (leftover.length > 0) throw new Error(`the browser build still imports Node-only modules: ${leftover.join(', ')}`);

// The `canton-rx` bin: tsc keeps main.ts's `#!/usr/bin/env node` line; npm packs the mode as it is.
const bin = 'dist/cjs/cli/main.js';
if (!readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')) throw new Error(`${bin} lost its #!/usr/bin/env node line`);
chmodSync(bin, 0o755);
