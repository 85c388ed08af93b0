import assert from 'node:assert/strict';
import * as HL from '../../src/codecs/ledger/index';
import * as HS from '../../src/codecs/scan/index';
import * as HV from '../../src/codecs/validator/index';
import * as GL from '../../src/generated/ledger/schemas';
import * as GS from '../../src/generated/scan/schemas';
import * as GV from '../../src/generated/validator/schemas';
import { ledgerOperations } from '../../src/generated/ledger/operations';
import { scanOperations } from '../../src/generated/scan/operations';
import { validatorOperations } from '../../src/generated/validator/operations';

/**
 * A schema that a hand codec decodes is that codec, never a generated twin: the hand conventions
 * and fast paths (docs/codecs.md) are the ones that run, for hand and generated methods alike.
 */
describe('hand codecs in the generated code', () => {
  it('no generated schema has the name of a hand codec of its group', () => {
    for (const [group, generated, hand] of [
      ['ledger', GL, HL],
      ['scan', GS, HS],
      ['validator', GV, HV],
    ] as const) {
      assert.deepEqual(Object.keys(generated).filter((name) => name in hand), [], group);
    }
  });

  it('the operations of the hand codecs decode with them, the fast paths included', () => {
    assert.equal(scanOperations.getUpdateHistoryV2.response, HS.UpdateHistoryResponseV2);
    assert.equal(scanOperations.getUpdateHistoryV1.response, HS.UpdateHistoryResponse);
    assert.equal(scanOperations.getUpdateByIdV2.response, HS.UpdateHistoryItemV2);
    assert.equal(scanOperations.getHoldingsStateAtV2.response, HS.AcsResponseV2);
    assert.equal(ledgerOperations.getUpdatesPage.response, HL.JsGetUpdatesPageResponse);
    assert.equal(ledgerOperations.getUpdateById.response, HL.JsGetUpdateResponse);
    assert.equal(validatorOperations.createAnsEntry.response, HV.CreateAnsEntryResponse);
    assert.equal(validatorOperations.getOpenAndIssuingMiningRounds.response, HV.GetOpenAndIssuingMiningRoundsProxyResponse);
  });
});
