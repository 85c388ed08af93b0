import assert from 'node:assert/strict';
import { retryConfig } from '../../src/cli/retryConfig';

describe('retryConfig', () => {
  const onRetry = () => undefined;
  it('5 retries by default, unlimited when following, none with --retries 0', () => {
    assert.equal(retryConfig({}, false, onRetry)!.maxRetries, 5);
    // Following: the stream's own default (unlimited once the server has answered, 5 before).
    assert.equal(retryConfig({}, true, onRetry)!.maxRetries, undefined);
    assert.equal(retryConfig({ retries: 0 }, true, onRetry), undefined);
  });

  it('passes --retries, --retry-max-delay and the retry counter', () => {
    assert.deepEqual(retryConfig({ retries: 3, retryMaxDelay: 100 }, false, onRetry), { maxRetries: 3, maxDelayMs: 100, onRetry });
  });
});
