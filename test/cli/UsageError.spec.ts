import assert from 'node:assert/strict';
import { UsageError } from '../../src/cli/UsageError';

describe('UsageError', () => {
  it('is an Error told apart by its class and name', () => {
    const e = new UsageError('give --scan-url');
    assert.ok(e instanceof Error && e instanceof UsageError);
    assert.equal(e.name, 'UsageError');
    assert.equal(e.message, 'give --scan-url');
  });
});
