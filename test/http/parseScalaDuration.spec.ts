import assert from 'node:assert/strict';
import { parseScalaDuration } from '../../src/http/parseScalaDuration';

describe('parseScalaDuration', () => {
  it('reads the durations Canton prints in retryInfo', () => {
    assert.equal(parseScalaDuration('1 second'), 1000);
    assert.equal(parseScalaDuration('2 seconds'), 2000);
    assert.equal(parseScalaDuration('500 milliseconds'), 500);
    assert.equal(parseScalaDuration('1 minute'), 60_000);
    assert.equal(parseScalaDuration('1500000 microseconds'), 1500);
    assert.equal(parseScalaDuration('100ms'), 100);
  });
  it('ignores anything else', () => {
    assert.equal(parseScalaDuration(null), undefined);
    assert.equal(parseScalaDuration(''), undefined);
    assert.equal(parseScalaDuration('Inf'), undefined);
    assert.equal(parseScalaDuration('3 fortnights'), undefined);
  });
});
