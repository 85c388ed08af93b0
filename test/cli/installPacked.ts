import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../helpers/paths';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args: string[], cwd: string): string => execFileSync(npm, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Builds the package, packs it as `npm publish` would, and installs the tarball into an empty
 * project in a temporary folder, as a user would: the test then runs the `canton-rx` that npm
 * linked into `node_modules/.bin` (so the `bin` entry, its `#!` line and its mode are what is
 * tested). `--prefer-offline`: the dependencies (commander, and the peers rxjs, io-ts, fp-ts that
 * npm installs with it) come from the npm cache that `npm ci` filled, so the install takes
 * seconds and reaches the registry only for what the cache lacks; an install from a symlinked
 * node_modules would hide a dependency missing from package.json, which is what this checks.
 * PGlite and DuckDB (optional peers) are installed next to it, for the examples. Done once per test run,
 * whichever spec asks first; the folder is removed when the run exits.
 */
export const installPacked = (): Installed => (installed ??= install());

export interface Installed {
  /** The temporary folder; `project` inside it has the package installed. */
  readonly dir: string;
  readonly project: string;
  readonly bin: string;
  readonly tarball: string;
}

let installed: Installed | undefined;

const install = (): Installed => {
  const dir = mkdtempSync(join(tmpdir(), 'canton-rx-cli-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  run(['run', '--silent', 'build'], projectRoot);
  run(['pack', '--silent', '--pack-destination', dir], projectRoot);
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack produced no tarball');
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'cli-check', version: '1.0.0', private: true }));
  const dev = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
  run(['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', join(dir, tarball), `@electric-sql/pglite@${dev['@electric-sql/pglite']}`, `@duckdb/node-api@${dev['@duckdb/node-api']}`], project);
  return { dir, project, bin: join(project, 'node_modules', '.bin', 'canton-rx'), tarball: join(dir, tarball) };
};
