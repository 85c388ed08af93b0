import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { openEnum } from '../../../src/codecs/common/openEnum';

describe('openEnum', () => {
  const Shape = openEnum('TransactionShape', ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS']);

  it('keeps known and unknown values as the strings they are', () => {
    assert.deepEqual(Shape.decode('TRANSACTION_SHAPE_ACS_DELTA'), E.right('TRANSACTION_SHAPE_ACS_DELTA'));
    assert.deepEqual(Shape.decode('TRANSACTION_SHAPE_NEW'), E.right('TRANSACTION_SHAPE_NEW'));
  });

  it('refuses what is not a string, naming the known values', () => {
    const r = Shape.decode(3);
    assert.ok(E.isLeft(r));
    assert.match(r.left[0]!.context[0]!.type.name, /TRANSACTION_SHAPE_ACS_DELTA/);
    assert.ok(E.isLeft(Shape.decode(null)));
  });
});
