// Builds dist/cjs (CommonJS), dist/esm (ES modules) and dist/types with the pinned tsc,
// then marks each folder's module kind so Node picks the right loader for each.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

const tsc = (...args) =>
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', ...args], {
    stdio: 'inherit',
  });

rmSync('dist', { recursive: true, force: true });
tsc('--outDir', 'dist/cjs', '--module', 'CommonJS', '--moduleResolution', 'node10');
tsc('--outDir', 'dist/esm', '--module', 'ES2020', '--moduleResolution', 'bundler');
tsc('--outDir', 'dist/types', '--declaration', '--emitDeclarationOnly');
mkdirSync('dist/cjs', { recursive: true });
writeFileSync('dist/cjs/package.json', JSON.stringify({ type: 'commonjs' }) + '\n');
writeFileSync('dist/esm/package.json', JSON.stringify({ type: 'module' }) + '\n');
