import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../helpers/paths';

describe('.gitignore', () => {
  it('ignores what the examples and the demo write by default (./scan-index, ./scan-feed), and only that', () => {
    const written = new Set<string>();
    for (const f of readdirSync(join(projectRoot, 'examples')).filter((f) => f.endsWith('.mjs'))) {
      for (const m of readFileSync(join(projectRoot, 'examples', f), 'utf8').matchAll(/\?\? '\.\/([\w.-]+)'/g)) written.add(m[1]!);
    }
    for (const m of readFileSync(join(projectRoot, 'src', 'cli', 'demoCommand.ts'), 'utf8').matchAll(/pglite:\.\/([\w.-]+)/g)) written.add(m[1]!);
    assert.ok(written.has('scan-index') && written.has('scan-feed'), [...written].join(', '));
    for (const dir of written) {
      const r = spawnSync('git', ['check-ignore', '-q', `${dir}/x`], { cwd: projectRoot });
      assert.equal(r.status, 0, `${dir}/ is not ignored`);
    }
    assert.notEqual(spawnSync('git', ['check-ignore', '-q', 'examples/indexer.mjs'], { cwd: projectRoot }).status, 0);
  });
});
