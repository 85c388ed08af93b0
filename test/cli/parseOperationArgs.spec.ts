import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOperationArgs } from '../../src/cli/parseOperationArgs';
import type { CliOperation } from '../../src/cli/singleShotOperations';
import { UsageError } from '../../src/cli/UsageError';

const op = (kinds: Array<'string' | 'number' | 'json'>): CliOperation => ({
  group: 'scan',
  operationId: 'x',
  method: 'x',
  httpMethod: 'GET',
  path: '/x',
  deprecated: false,
  args: kinds.map((kind, i) => ({ name: `a${i}`, kind })),
});

describe('parseOperationArgs', () => {
  it('strings as given, numbers parsed, JSON parsed or read from @file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'canton-rx-args-'));
    try {
      writeFileSync(join(dir, 'body.json'), '{"page_size": 3}');
      assert.deepEqual(parseOperationArgs(op(['string', 'number', 'json', 'json']), ['12', '12', '{"a":1}', `@${join(dir, 'body.json')}`], 'x'), ['12', 12, { a: 1 }, { page_size: 3 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a wrong count, a non-number or bad JSON is bad usage that shows the usage', () => {
    assert.throws(() => parseOperationArgs(op(['string']), [], 'x <a0>'), (e: Error) => e instanceof UsageError && /canton-rx get x <a0>/.test(e.message));
    assert.throws(() => parseOperationArgs(op(['number']), ['1.5'], 'x'), /whole number/);
    assert.throws(() => parseOperationArgs(op(['json']), ['{nope'], 'x'), /must be JSON/);
  });
});
