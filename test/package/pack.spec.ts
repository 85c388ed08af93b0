import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../helpers/fixtures';

describe('the packed tarball', function () {
  // Builds three times and installs into a fresh project: minutes on a slow disk, not hours.
  this.timeout(300_000);

  it('installs into an empty project and imports through ESM, CommonJS and TypeScript', () => {
    const out = execFileSync(process.execPath, [join(projectRoot, 'scripts', 'pack-check.mjs')], { cwd: projectRoot, encoding: 'utf8' });
    assert.match(out, /^esm ok$/m);
    assert.match(out, /^cjs ok$/m);
    // The page decoding worker threads load from either build.
    assert.match(out, /^esm workers ok$/m);
    assert.match(out, /^cjs workers ok$/m);
    assert.match(out, /^types ok$/m);
  });
});
