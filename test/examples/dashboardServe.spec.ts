import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../helpers/paths';

/**
 * examples/dashboard-serve.mjs without esbuild: it says so and exits with status 1, instead of
 * hanging on the simulated network it started. Run as a program, with a module hook that hides
 * esbuild and points `canton-rx/testkit` at the compiled sources (no build or install needed).
 */
describe('examples/dashboard-serve.mjs', function () {
  this.timeout(30_000);

  it('without esbuild: prints what to install and exits 1 (bounded: a hang fails after 15 s)', async () => {
    const testkit = pathToFileURL(join(projectRoot, '.build', 'src', 'testkit', 'index.js')).href;
    const hooks = `export async function resolve(specifier, context, next) {
      if (specifier === 'esbuild') { const e = new Error("Cannot find package 'esbuild'"); e.code = 'ERR_MODULE_NOT_FOUND'; throw e; }
      if (specifier === 'canton-rx/testkit') return { url: ${JSON.stringify(testkit)}, shortCircuit: true };
      return next(specifier, context);
    }`;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
    const child = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, join(projectRoot, 'examples', 'dashboard-serve.mjs')], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env['PATH'] ?? '' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    clearTimeout(timer);
    assert.match(stderr, /bundled with esbuild: npm install --save-dev esbuild/);
    assert.equal(code, 1, `exit ${code}: ${stderr}`);
  });
});
