import assert from 'node:assert/strict';
import { formatError } from '../../src/errors/formatError';
import { decodeError, httpError, invalidRequest, networkError, timeoutError } from '../../src/errors/constructors';

describe('formatError', () => {
  it('describes an HTTP error with its status, condition, body and wait', () => {
    const text = formatError(
      httpError({
        status: 400,
        method: 'POST',
        url: 'http://p/v2/updates/get-updates-page',
        body: { _tag: 'LedgerError', error: { code: 'PARTICIPANT_PRUNED_DATA_ACCESSED', cause: 'pruned up to 42', context: {}, errorCategory: 9 } },
        condition: 'ParticipantPruned',
        retryAfterMs: 1000,
      }),
    );
    assert.equal(
      text,
      'POST http://p/v2/updates/get-updates-page failed with HTTP 400 (ParticipantPruned): PARTICIPANT_PRUNED_DATA_ACCESSED: pruned up to 42 (retry after 1000 ms)',
    );
  });

  it('describes each body kind', () => {
    const f = (body: Parameters<typeof httpError>[0]['body']) => formatError(httpError({ status: 503, method: 'GET', url: 'u', body }));
    assert.equal(f({ _tag: 'Empty' }), 'GET u failed with HTTP 503: (empty body)');
    assert.equal(f({ _tag: 'Text', text: ' busy \n' }), 'GET u failed with HTTP 503: busy');
    assert.equal(f({ _tag: 'SimpleError', error: 'not ready' }), 'GET u failed with HTTP 503: not ready');
    assert.equal(f({ _tag: 'Json', json: { a: 1 } }), 'GET u failed with HTTP 503: {"a":1}');
    assert.ok(f({ _tag: 'Text', text: 'x'.repeat(1000) }).length < 400, 'long bodies are cut short');
  });

  it('describes decode errors by their first issues', () => {
    const text = formatError(
      decodeError(
        'schema',
        [
          { path: 'transactions.3.record_time', expected: 'Timestamp', actual: '"yesterday"' },
          { path: 'a', expected: 'string', actual: '1' },
          { path: 'b', expected: 'string', actual: '2' },
          { path: 'c', expected: 'string', actual: '3' },
        ],
        { method: 'POST', url: 'http://s/api/scan/v2/updates' },
      ),
    );
    assert.equal(
      text,
      'POST http://s/api/scan/v2/updates: the body does not match the expected shape: at transactions.3.record_time expected Timestamp, got "yesterday"; at a expected string, got 1; at b expected string, got 2 and 1 more',
    );
  });

  it('describes network errors, timeouts and invalid requests', () => {
    assert.equal(formatError(networkError('GET', 'u', 'socket hang up', null)), 'GET u failed: socket hang up');
    assert.equal(formatError(timeoutError('GET', 'u', 30000)), 'GET u timed out after 30000 ms');
    assert.equal(
      formatError(invalidRequest('invalid ANS entry', [{ path: 'name', message: 'must end with .unverified.cns' }])),
      'invalid request: invalid ANS entry (name: must end with .unverified.cns)',
    );
  });
});
