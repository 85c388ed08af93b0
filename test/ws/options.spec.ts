import assert from 'node:assert/strict';
import { channelPacing } from '../../src/ws/options';

describe('channelPacing (how a WebSocket channel retries and reopens)', () => {
  it('without tail: the retry as given, and a normal close ends the read', () => {
    assert.deepEqual(channelPacing({}), { retry: undefined, reopenMs: undefined });
    assert.deepEqual(channelPacing({ retry: { maxRetries: 2 } }), { retry: { maxRetries: 2 }, reopenMs: undefined });
  });

  it('with tail: retried forever unless retry bounds it, reopened after intervalMs (default 5000)', () => {
    assert.deepEqual(channelPacing({ tail: {} }), { retry: { maxRetries: Infinity }, reopenMs: 5000 });
    assert.deepEqual(channelPacing({ tail: { intervalMs: 250 }, retry: { maxRetries: 3, initialDelayMs: 10 } }), { retry: { maxRetries: 3, initialDelayMs: 10 }, reopenMs: 250 });
  });
});
