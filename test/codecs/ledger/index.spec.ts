import assert from 'node:assert/strict';
import * as ledger from '../../../src/codecs/ledger/index';

describe('ledger codec index', () => {
  it('exports each codec under the name io-ts reports in errors', () => {
    const entries = Object.entries(ledger);
    assert.ok(entries.length >= 40);
    for (const [name, codec] of entries) {
      assert.equal(typeof (codec as { decode?: unknown }).decode, 'function', name);
      assert.equal((codec as { name: string }).name, name);
    }
  });
});
