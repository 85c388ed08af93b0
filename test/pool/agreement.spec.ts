import assert from 'node:assert/strict';
import { agreeOnAnswers } from '../../src/pool/agreeOnAnswers.js';
import { agreeOnPages, type PageAnswer } from '../../src/pool/agreeOnPages.js';
import { canonicalJson } from '../../src/pool/canonicalJson.js';
import { agreementOf, neededAnswers } from '../../src/pool/createPoolTransport.js';
import { buildCall } from '../../src/client/invokeOperation.js';
import { scanOperations } from '../../src/generated/scan/operations.js';
import * as E from 'fp-ts/lib/Either.js';

const page = (scan: string, ...items: string[]): PageAnswer => ({ scan, items: items.map((i) => ({ id: i.split(':')[0]!, key: i })) });

describe('pool agreement', () => {
  it('canonicalJson: equal exactly when deep equal, key order aside; omitted keys at any depth', () => {
    assert.equal(canonicalJson({ b: 1, a: [{ y: 2, x: 'q' }] }), canonicalJson({ a: [{ x: 'q', y: 2 }], b: 1 }));
    assert.notEqual(canonicalJson({ a: [1, 2] }), canonicalJson({ a: [2, 1] }));
    assert.notEqual(canonicalJson({ a: '1' }), canonicalJson({ a: 1 }));
    assert.equal(canonicalJson({ offset: '01', e: { offset: '02', v: 1 } }, new Set(['offset'])), canonicalJson({ e: { v: 1 } }));
  });

  it('how answers compare is the descriptor\'s agreement, carried on the call, not a match on the path', () => {
    const call = buildCall(scanOperations.getUpdateHistoryV2, [{ page_size: 10 }]);
    assert.ok(E.isRight(call));
    const history = { kind: 'history-page', items: 'transactions', id: 'update_id', ignore: ['offset'] };
    assert.deepEqual(call.right.agreement, history);
    assert.deepEqual(agreementOf(call.right), history);
    // The call decides, whatever its path says.
    assert.equal(agreementOf({ ...call.right, agreement: 'whole' }), 'whole');
    // A call built without its descriptor (send): the descriptor of its route decides.
    assert.deepEqual(agreementOf({ method: 'POST', path: scanOperations.getUpdateHistoryV1.path }), history);
    assert.equal(agreementOf({ method: 'GET', path: scanOperations.listDsoScans.path }), 'whole');
    assert.equal(agreementOf({ method: 'POST', path: scanOperations.getEventHistory.path }), 'whole');
  });

  it('f and the threshold: f = floor((n - 1) / 3)', () => {
    assert.deepEqual([1, 3, 4, 7, 10].map((n) => neededAnswers('f+1', n)), [
      { f: 0, needed: 1 },
      { f: 0, needed: 1 },
      { f: 1, needed: 2 },
      { f: 2, needed: 3 },
      { f: 3, needed: 4 },
    ]);
    assert.equal(neededAnswers('2f+1', 7).needed, 5);
    assert.equal(neededAnswers(6, 7).needed, 6);
  });

  it('answers agree by key; failures (no key) never do', () => {
    assert.deepEqual(agreeOnAnswers(['a', 'b', 'a'], 2), { key: 'a', count: 2 });
    assert.equal(agreeOnAnswers(['a', 'b', undefined, undefined], 2), undefined);
    assert.equal(agreeOnAnswers([undefined, undefined, undefined], 1), undefined);
  });

  it('pages agree on their longest common prefix; a shorter (lagging or short) page counts as far as it goes', () => {
    assert.deepEqual(agreeOnPages([page('s1', 'u1:a', 'u2:a', 'u3:a'), page('s2', 'u1:a', 'u2:a'), page('s3')], 2), { length: 2, from: 's1', liars: [] });
  });

  it('a page with an agreed update id but other content is a liar; another update id is only left behind', () => {
    const r = agreeOnPages([page('s1', 'u1:a', 'u2:a'), page('s2', 'u1:a', 'u2:FORGED'), page('s3', 'u1:a', 'u2:a'), page('s4', 'u1:a', 'u9:a')], 2);
    assert.deepEqual(r, { length: 2, from: 's1', liars: [{ scan: 's2', updateId: 'u2' }] });
  });

  it('empty pages agree on the end only when enough of them are empty', () => {
    assert.deepEqual(agreeOnPages([page('s1'), page('s2'), page('s3', 'u1:a')], 2), { length: 0, from: 's1', liars: [] });
    assert.equal(agreeOnPages([page('s1'), page('s2', 'u1:a'), page('s3', 'u1:b')], 2), undefined);
  });
});
