import assert from 'node:assert/strict';
import { pointerSegments, withoutPointers } from '../../src/pool/withoutPointers.js';

describe('withoutPointers', () => {
  it('withoutPointers drops a member at its pointer only: a payload member of the same name stays', () => {
    const item = { offset: '01', e: { offset: '02', v: 1 }, list: [{ offset: '03' }] };
    assert.deepEqual(withoutPointers(item, [pointerSegments('/offset')]), { e: { offset: '02', v: 1 }, list: [{ offset: '03' }] });
    assert.deepEqual(withoutPointers(item, [pointerSegments('/e/offset')]), { offset: '01', e: { v: 1 }, list: [{ offset: '03' }] });
    assert.equal(withoutPointers(item, [pointerSegments('/missing/x')]), item);
    assert.deepEqual(item, { offset: '01', e: { offset: '02', v: 1 }, list: [{ offset: '03' }] }, 'the value itself is not changed');
    assert.deepEqual(pointerSegments('/a~1b/c~0d'), ['a/b', 'c~d']);
  });
});
