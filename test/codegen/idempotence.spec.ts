import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { projectRoot } from '../helpers/paths';
import { requireSpecs } from './specs';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

/**
 * `npm run codegen` on unchanged specs changes nothing: run into a temporary folder, every file it
 * writes is byte for byte the committed one. A failure here means the committed generated code is
 * stale (run `npm run codegen`) or the generator is not deterministic.
 */
describe('codegen', function () {
  this.timeout(60_000);
  let out: string | undefined;
  afterEach(() => {
    if (out !== undefined) rmSync(out, { recursive: true, force: true });
  });

  it('writes exactly the committed files, twice the same (when the specs are present)', function () {
    const specs = requireSpecs(this);
    out = mkdtempSync(join(tmpdir(), 'canton-rx-codegen-'));
    const run = () => execFileSync(process.execPath, [join(projectRoot, 'scripts', 'codegen.mjs'), '--specs', specs, '--out', out!], { encoding: 'utf8' });
    run();
    const first = new Map(filesUnder(out).map((f) => [relative(out!, f), readFileSync(f)]));
    assert.ok(first.size >= 15, `wrote ${first.size} files`);
    for (const [rel, bytes] of first) assert.ok(bytes.equals(readFileSync(join(projectRoot, rel))), `${rel} differs from the committed file: run npm run codegen`);
    run();
    for (const [rel, bytes] of first) assert.ok(bytes.equals(readFileSync(join(out, rel))), `${rel} changed on a second run`);
  });
});
