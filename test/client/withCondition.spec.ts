import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { bodyText, withCondition } from '../../src/client/withCondition';
import { httpError, networkError } from '../../src/errors/constructors';

const notFound = httpError({ status: 404, method: 'GET', url: 'u', body: { _tag: 'SimpleError', error: 'No TransferCommandCounter found' } });

describe('withCondition', () => {
  const mark = withCondition<string>('NoTransferCommandCounter', (e) => e.status === 404);

  it('marks the HTTP errors it matches', () => {
    const r = mark(E.left(notFound));
    assert.ok(E.isLeft(r) && r.left._tag === 'HttpError' && r.left.condition === 'NoTransferCommandCounter');
  });
  it('leaves Rights, other errors and an existing condition alone', () => {
    assert.deepEqual(mark(E.right('x')), E.right('x'));
    const net = E.left(networkError('GET', 'u', 'reset', null));
    assert.equal(mark(net), net);
    const pruned = E.left(httpError({ status: 404, method: 'GET', url: 'u', body: { _tag: 'Empty' }, condition: 'ParticipantPruned' }));
    assert.equal(mark(pruned), pruned);
  });
  it('bodyText reads every kind of body', () => {
    const e = (body: Parameters<typeof httpError>[0]['body']) => bodyText(httpError({ status: 400, method: 'GET', url: 'u', body }));
    assert.equal(e({ _tag: 'SimpleError', error: 'Bulk storage is not configured' }), 'Bulk storage is not configured');
    assert.equal(e({ _tag: 'Text', text: 'busy' }), 'busy');
    assert.equal(e({ _tag: 'LedgerError', error: { code: 'X', cause: 'why', context: {}, errorCategory: 8 } }), 'X why');
    assert.equal(e({ _tag: 'Json', json: { a: 1 } }), '{"a":1}');
    assert.equal(e({ _tag: 'Empty' }), '');
  });
});
