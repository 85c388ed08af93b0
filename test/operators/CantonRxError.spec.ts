import assert from 'node:assert/strict';
import { CantonRxError } from '../../src/operators/CantonRxError';
import { invalidRequest } from '../../src/errors/constructors';

describe('CantonRxError', () => {
  it('is an Error whose message is the formatted CantonError', () => {
    const e = new CantonRxError(invalidRequest('the scan group is not configured'));
    assert.ok(e instanceof Error && e instanceof CantonRxError);
    assert.equal(e.message, 'invalid request: the scan group is not configured');
    assert.match(String(e.stack), /CantonRxError/);
  });
});
