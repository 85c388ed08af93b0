import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readToken } from '../../src/cli/readToken';
import { UsageError } from '../../src/cli/UsageError';

describe('readToken', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-token-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the file, trimmed, on every call (a secret refreshed in place is picked up); the file wins over the environment', () => {
    const path = join(dir, 'token');
    writeFileSync(path, 'first\n');
    const token = readToken(path, { CANTON_RX_TOKEN: 'from-env' })!;
    assert.equal(token(), 'first');
    writeFileSync(path, 'second\n');
    assert.equal(token(), 'second');
  });

  it('falls back to CANTON_RX_TOKEN, else no token', () => {
    assert.equal(readToken(undefined, { CANTON_RX_TOKEN: ' env-token ' })!(), 'env-token');
    assert.equal(readToken(undefined, {}), undefined);
  });

  it('an unreadable or empty file is bad usage naming the flag, never quoting contents', () => {
    assert.throws(() => readToken(join(dir, 'missing'), {}), (e: Error) => e instanceof UsageError && /--token-file/.test(e.message) && /ENOENT/.test(e.message));
    writeFileSync(join(dir, 'empty'), '\n');
    assert.throws(() => readToken(join(dir, 'empty'), {}), /empty/);
  });
});
