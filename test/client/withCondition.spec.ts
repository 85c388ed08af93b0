import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { withCondition } from '../../src/client/withCondition';
import { httpError, networkError } from '../../src/errors/constructors';

const notFound = httpError({ status: 404, method: 'GET', url: 'u', body: { _tag: 'SimpleError', error: 'No TransferCommandCounter found for party: p, use 0 for the nonce' } });

describe('withCondition', () => {
  const mark = withCondition<string>('NoTransferCommandCounter');

  it('marks the HTTP errors that are the server saying so', () => {
    const r = mark(E.left(notFound));
    assert.ok(E.isLeft(r) && r.left._tag === 'HttpError' && r.left.condition === 'NoTransferCommandCounter');
  });
  it('leaves an HTTP error of the same status but another body alone', () => {
    const routeMissing = E.left(httpError({ status: 404, method: 'GET', url: 'u', body: { _tag: 'Text', text: 'The requested resource could not be found.' } }));
    assert.equal(mark(routeMissing), routeMissing);
  });
  it('leaves Rights, other errors and an existing condition alone', () => {
    assert.deepEqual(mark(E.right('x')), E.right('x'));
    const net = E.left(networkError('GET', 'u', 'reset', null));
    assert.equal(mark(net), net);
    const pruned = E.left({ ...notFound, condition: 'ParticipantPruned' as const });
    assert.equal(mark(pruned), pruned);
  });
});
