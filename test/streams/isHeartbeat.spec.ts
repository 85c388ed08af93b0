import assert from 'node:assert/strict';
import { isHeartbeat } from '../../src/streams/isHeartbeat';

describe('isHeartbeat', () => {
  it('tells heartbeats from records', () => {
    assert.equal(isHeartbeat({ _tag: 'Heartbeat', checkpoint: undefined, polledAt: 1 }), true);
    assert.equal(isHeartbeat({ update_id: 'u', record_time: '2026-01-01T00:00:00Z' }), false);
    assert.equal(isHeartbeat({ Transaction: { value: {} } }), false);
    assert.equal(isHeartbeat({ _tag: 'Heartbeat' }), false);
    assert.equal(isHeartbeat(null), false);
  });
});
