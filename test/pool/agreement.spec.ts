import assert from 'node:assert/strict';
import { bestKey } from '../../src/pool/agreeOnAnswers.js';
import { agreeOnPages, type PageAnswer } from '../../src/pool/agreeOnPages.js';
import { canonicalJson } from '../../src/pool/canonicalJson.js';
import { agreementOf, neededAnswers } from '../../src/pool/createPoolTransport.js';
import { buildCall } from '../../src/client/invokeOperation.js';
import { scanOperations } from '../../src/generated/scan/operations.js';
import * as E from 'fp-ts/lib/Either.js';

/** A page of items `id:content`, sent by the Scans named. */
const page = (scans: string | string[], ...items: string[]): PageAnswer => ({
  scans: typeof scans === 'string' ? [scans] : scans,
  items: items.map((i) => ({ update_id: i.split(':')[0]!, content: i.split(':')[1] })),
});
const rules = { id: 'update_id', ignore: [] };

describe('pool agreement', () => {
  it('canonicalJson: equal exactly when deep equal, key order aside', () => {
    assert.equal(canonicalJson({ b: 1, a: [{ y: 2, x: 'q' }] }), canonicalJson({ a: [{ x: 'q', y: 2 }], b: 1 }));
    assert.notEqual(canonicalJson({ a: [1, 2] }), canonicalJson({ a: [2, 1] }));
    assert.notEqual(canonicalJson({ a: '1' }), canonicalJson({ a: 1 }));
  });

  it('how answers compare is the descriptor\'s agreement, carried on the call, not a match on the path', () => {
    const call = buildCall(scanOperations.getUpdateHistoryV2, [{ page_size: 10 }]);
    assert.ok(E.isRight(call));
    const history = { kind: 'history-page', items: 'transactions', id: 'update_id', ignore: ['/offset'] };
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
    assert.deepEqual(bestKey(['a', 'b', 'a']), { key: 'a', count: 2 });
    assert.deepEqual(bestKey(['a', 'b', undefined, undefined]), { key: 'a', count: 1 });
    assert.equal(bestKey([undefined, undefined, undefined]), undefined);
  });

  it('pages agree on their longest common prefix; a shorter (lagging or short) page counts as far as it goes', () => {
    assert.deepEqual(agreeOnPages([page('s1', 'u1:a', 'u2:a', 'u3:a'), page('s2', 'u1:a', 'u2:a'), page('s3')], 2, rules), { length: 2, page: 0, end: false, tie: false, conflicts: [] });
    // Pages sent byte for byte alike come as one answer of several Scans.
    assert.deepEqual(agreeOnPages([page(['s1', 's2'], 'u1:a', 'u2:a', 'u3:a'), page('s3')], 2, rules), { length: 3, page: 0, end: false, tie: false, conflicts: [] });
  });

  it('an agreed update id with other content is a conflict, with its sides; another update id is only left behind', () => {
    const r = agreeOnPages([page('s1', 'u1:a', 'u2:a'), page('s2', 'u1:a', 'u2:FORGED'), page('s3', 'u1:a', 'u2:a'), page('s4', 'u1:a', 'u9:a')], 2, rules);
    assert.deepEqual(r, { length: 2, page: 0, end: false, tie: false, conflicts: [{ position: 1, updateId: 'u2', sides: [['s1', 's3'], ['s2']] }] });
  });

  it('two contents that both reach the threshold are a tie: agreement stops before them', () => {
    const r = agreeOnPages([page(['s1', 's2'], 'u1:a', 'u2:a'), page(['s3', 's4'], 'u1:a', 'u2:LIE')], 2, rules);
    assert.deepEqual(r, { length: 1, page: 0, end: false, tie: true, conflicts: [{ position: 1, updateId: 'u2', sides: [['s1', 's2'], ['s3', 's4']] }] });
  });

  it('items are compared as text, then canonically: key order aside, ignored pointers only where they point', () => {
    const item = (offset: string, payload: string) => ({ update_id: 'u1', offset, create_arguments: { offset: payload } });
    const reordered = { create_arguments: { offset: 'p' }, offset: '02', update_id: 'u1' };
    const offsetRules = { id: 'update_id', ignore: [['offset']] };
    assert.equal(agreeOnPages([{ scans: ['s1'], items: [item('01', 'p')] }, { scans: ['s2'], items: [reordered] }], 2, offsetRules).length, 1);
    const lie = agreeOnPages([{ scans: ['s1'], items: [item('01', 'p')] }, { scans: ['s2'], items: [item('02', 'p')] }, { scans: ['s3'], items: [item('03', 'LIE')] }], 2, offsetRules);
    assert.deepEqual(lie.conflicts, [{ position: 0, updateId: 'u1', sides: [['s1', 's2'], ['s3']] }]);
  });

  it('empty pages agree on the end only when enough of them are empty', () => {
    assert.deepEqual(agreeOnPages([page('s1'), page('s2'), page('s3', 'u1:a')], 2, rules), { length: 0, page: -1, end: true, tie: false, conflicts: [] });
    const r = agreeOnPages([page('s1'), page('s2', 'u1:a'), page('s3', 'u1:b')], 2, rules);
    assert.equal(r.length, 0);
    assert.equal(r.end, false);
    assert.deepEqual(r.conflicts, [{ position: 0, updateId: 'u1', sides: [['s2'], ['s3']] }]);
  });
});
