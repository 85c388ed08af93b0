import assert from 'node:assert/strict';
import fc from 'fast-check';
import { IndexedHeap } from '../../../src/operators/internal/IndexedHeap';

interface E {
  heapIndex: number;
  n: number;
  id: number;
}
const byN = (a: E, b: E) => a.n - b.n || a.id - b.id;

describe('IndexedHeap', () => {
  it('pops in order after any sequence of pushes, removals, re-keys and pops (model: a sorted array)', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), n: fc.integer({ min: 0, max: 50 }) }),
      fc.record({ kind: fc.constant('pop' as const) }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), n: fc.integer({ min: 0, max: 50 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const heap = new IndexedHeap<E>(byN);
        let model: E[] = [];
        let id = 0;
        for (const o of ops) {
          if (o.kind === 'push') {
            const e = { heapIndex: -1, n: o.n, id: id++ };
            heap.push(e);
            model.push(e);
          } else if (o.kind === 'pop') {
            model.sort(byN);
            assert.equal(heap.pop(), model.shift());
          } else if (model.length > 0) {
            const e = model[o.pick % model.length]!;
            if (o.kind === 'remove') {
              assert.equal(heap.remove(e), true);
              assert.equal(heap.remove(e), false, 'a removed entry is not removed twice');
              assert.equal(e.heapIndex, -1);
              model = model.filter((x) => x !== e);
            } else {
              e.n = o.n;
              heap.update(e);
            }
          }
          assert.equal(heap.size, model.length);
          assert.equal(heap.peek(), [...model].sort(byN)[0]);
        }
        const drained: E[] = [];
        for (let e = heap.pop(); e !== undefined; e = heap.pop()) drained.push(e);
        assert.deepEqual(drained, model.sort(byN));
      }),
    );
  });

  it('does not remove an entry that belongs to another heap', () => {
    const a = new IndexedHeap<E>(byN);
    const b = new IndexedHeap<E>(byN);
    const e = { heapIndex: -1, n: 1, id: 0 };
    a.push(e);
    b.push({ heapIndex: -1, n: 2, id: 1 });
    assert.equal(b.remove(e), false);
    assert.equal(b.size, 1);
    assert.equal(a.pop(), e);
  });
});
