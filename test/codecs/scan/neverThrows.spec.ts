import assert from 'node:assert/strict';
import * as scan from '../../../src/codecs/scan/index.js';
import { readFixture } from '../../helpers/fixtures.js';
import { codecsOf, neverThrows, spotMutationsAgree } from '../../helpers/codecProperties.js';
import { unguardedOf } from '../../../src/codecs/common/primitives.js';

describe('scan codecs on arbitrary input', () => {
  it('the namespace holds the expected codecs', () => {
    assert.equal(codecsOf(scan).length, Object.keys(scan).length);
    assert.ok(codecsOf(scan).length >= 45);
    for (const [name, codec] of codecsOf(scan)) assert.equal(codec.name, name, 'the io-ts name is the upstream schema name');
  });

  neverThrows(scan);

  // Arbitrary values at arbitrary spots of a real MainNet transaction: the guard used by the
  // fast path agrees with the full decoder.
  const page = readFixture('scan', 'v2-updates__JosefinHao-canton__1.json') as { transactions: Array<{ update_id: string; events_by_id: Record<string, unknown> }> };
  const tx = page.transactions[3]!;
  spotMutationsAgree('UpdateHistoryItemV2', scan.UpdateHistoryItemV2, tx);
  // The hot codecs with a fast guard, each mutated on its own so that a spot lands in its fields.
  it('the codecs checked against their unguarded codec below are fast-guarded (test/codecs/fastGuards.spec.ts checks every one)', () => {
    const guarded = codecsOf(scan).filter(([, codec]) => unguardedOf(codec) !== undefined).map(([name]) => name);
    for (const name of ['CreatedEvent', 'ExercisedEvent', 'UpdateHistoryTransaction', 'UpdateHistoryTransactionV2', 'UpdateHistoryItemV2', 'AcsResponse', 'GetOpenAndIssuingMiningRoundsResponse']) assert.ok(guarded.includes(name), name);
  });
  spotMutationsAgree('UpdateHistoryTransactionV2', scan.UpdateHistoryTransactionV2, tx);
  spotMutationsAgree('UpdateHistoryTransaction', scan.UpdateHistoryTransaction, { ...tx, offset: '000000000000000001' });
  spotMutationsAgree('ExercisedEvent', scan.ExercisedEvent, tx.events_by_id[`${tx.update_id}:0`], 1000);
  spotMutationsAgree('CreatedEvent', scan.CreatedEvent, tx.events_by_id[`${tx.update_id}:1`], 1000);
  spotMutationsAgree('AcsResponse', scan.AcsResponse, readFixture('scan', 'holdings-state__syed-bcw-canton-scan-tool__2.json'));
  spotMutationsAgree('GetOpenAndIssuingMiningRoundsResponse', scan.GetOpenAndIssuingMiningRoundsResponse, readFixture('scan', 'open-and-issuing-mining-rounds__syed-bcw-canton-scan-tool__1.json'));
});
