import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWholeFile } from '../../src/cli/readWholeFile';

describe('readWholeFile', () => {
  it('reads an open file from its start, whatever its position; an empty file is empty', () => {
    const dir = mkdtempSync(join(tmpdir(), 'canton-rx-read-'));
    try {
      const path = join(dir, 'a');
      writeFileSync(path, 'x'.repeat(70_000));
      const fd = openSync(path, 'a+');
      assert.equal(readWholeFile(fd).toString(), 'x'.repeat(70_000));
      closeSync(fd);
      writeFileSync(path, '');
      const empty = openSync(path, 'r');
      assert.equal(readWholeFile(empty).length, 0);
      closeSync(empty);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
