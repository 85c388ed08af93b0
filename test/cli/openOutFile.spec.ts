import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openOutFile } from '../../src/cli/openOutFile';
import { UsageError } from '../../src/cli/UsageError';

describe('openOutFile', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-out-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a missing file: nothing to continue after', () => {
    const out = openOutFile(join(dir, 'a.ndjson'));
    assert.equal(out.last, undefined);
    out.write('{"n":1}');
    out.close();
    assert.equal(readFileSync(join(dir, 'a.ndjson'), 'utf8'), '{"n":1}\n');
  });

  it('continues after the last whole line, dropping a cut-off one, and appends after it', () => {
    const path = join(dir, 'b.ndjson');
    writeFileSync(path, '{"n":1}\n{"n":2}\n{"n":');
    const out = openOutFile(path);
    assert.deepEqual(out.last, { n: 2 });
    assert.equal(out.dropped, 1);
    out.write('{"n":3}');
    out.close();
    assert.equal(readFileSync(path, 'utf8'), '{"n":1}\n{"n":2}\n{"n":3}\n');
  });

  it('a last line that is not JSON is bad usage, and the file is left as it was', () => {
    const path = join(dir, 'c.ndjson');
    writeFileSync(path, 'hello\n');
    assert.throws(() => openOutFile(path), UsageError);
    assert.equal(readFileSync(path, 'utf8'), 'hello\n');
  });
});
