import assert from 'node:assert/strict';
import * as ledger from '../../../src/codecs/ledger/index.js';
import { codecsOf, neverThrows } from '../../helpers/codecProperties.js';

describe('ledger codecs on arbitrary input', () => {
  it('the namespace holds only codecs', () => {
    assert.equal(codecsOf(ledger).length, Object.keys(ledger).length);
  });

  neverThrows(ledger);
});
