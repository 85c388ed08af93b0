import assert from 'node:assert/strict';
import * as ledger from '../../../src/codecs/ledger/index.js';
import { codecsOf, neverThrows, spotMutationsAgree } from '../../helpers/codecProperties.js';
import { readFixture } from '../../helpers/fixtures.js';

describe('ledger codecs on arbitrary input', () => {
  it('the namespace holds only codecs', () => {
    assert.equal(codecsOf(ledger).length, Object.keys(ledger).length);
  });

  neverThrows(ledger);

  // Values that decode, and values one spot away from decoding: where the `is` of the Canton
  // wrapper unions must agree with their decoder.
  // Depth 8 reaches the fields of events: update.Transaction.value.events.<i>.CreatedEvent.<field>.
  spotMutationsAgree('JsGetUpdateResponse', ledger.JsGetUpdateResponse, readFixture('ledger', 'update-by-id__hyperledger-labs-splice-wallet-kernel__1.json'), 1000, 8);
  spotMutationsAgree('JsCantonError', ledger.JsCantonError, readFixture('ledger', 'error-ledger-api__Fairmint-canton-node-sdk__sim-2.json'));
});
