// Builds dist/cjs (CommonJS), dist/esm (ES modules) and dist/types with the pinned tsc,
// then marks each folder's module kind so Node picks the right loader for each.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const tsc = (...args) =>
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', ...args], {
    stdio: 'inherit',
  });

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
// The `canton-rx` bin: tsc keeps main.ts's `#!/usr/bin/env node` line; npm packs the mode as it is.
const bin = 'dist/cjs/cli/main.js';
if (!readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')) throw new Error(`${bin} lost its #!/usr/bin/env node line`);
chmodSync(bin, 0o755);
