import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { projectRoot } from '../helpers/paths';
import type { ReadmeRun } from './readmeEnv';
import { extractSnippets } from './snippets';

/**
 * README's main example, as written, run as an ES module by a child Node process against the
 * simulated network (canton-rx resolved to the compiled sources): an import that crashes in ESM
 * (`fp-ts/Either`), a renamed export or a wrong field fails here.
 */
describe("README.md's Example runs against the simulated network", function () {
  this.timeout(60_000);

  it('reads the whole Scan history (each item indexed and its checkpoint saved) and looks up the transfer command counter', async () => {
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    const heading = readme.split('\n').findIndex((l) => l.trim() === '## Example');
    assert.ok(heading >= 0, 'README.md has no "## Example" section');
    const example = extractSnippets('README.md', readme).find((s) => s.line > heading + 1);
    assert.ok(example, 'no TypeScript block under "## Example"');

    const build = join(projectRoot, '.build');
    const url = (...p: string[]) => JSON.stringify(pathToFileURL(join(build, ...p)).href);
    const source = [`import { startReadmeEnv } from ${url('test', 'docs', 'readmeEnv.js')};`, 'const __env = await startReadmeEnv();', example.code, 'await __env.finished();'].join('\n');
    const js = ts
      .transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
      .outputText.replace(/from\s+(['"])canton-rx\/testkit\1/g, `from ${url('src', 'testkit', 'index.js')}`)
      .replace(/from\s+(['"])canton-rx\1/g, `from ${url('src', 'index.js')}`);
    const dir = join(build, 'doc-snippets');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'readme-example.mjs');
    writeFileSync(file, js);

    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [file], { cwd: projectRoot, timeout: 50_000 }, (error, out, err) =>
        error ? reject(new Error(`README.md:${example.line}: the example failed (${file}):\n${err || error.message}`)) : resolve(out),
      ),
    );
    const run = JSON.parse(stdout.trim().split('\n').pop()!) as ReadmeRun;
    assert.deepEqual(run.outside, []);
    assert.deepEqual(run.errors, [], 'the example logged Lefts');
    assert.equal(run.items, run.updates, 'every update of the history was indexed once');
    assert.equal(run.saved, run.items, 'a checkpoint was saved after each item');
    assert.deepEqual(run.lastSaved, { stream: 'scan.updates', ...run.lastItem });
    const lookups = run.requests.filter((r) => r.path.includes('/transfer-command-counter/'));
    assert.deepEqual(lookups.map((r) => [r.method, r.status]), [['GET', 404]], "alice::1220… has no counter: Scan's 404, which the example reads as nonce 0");
    assert.deepEqual(run.nonces, []);
  });
});
