import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { holdingsChangeOf } from '../../src/tokenStandard/holdingsChangeOf';
import { parseTokenStandardTransaction } from '../../src/tokenStandard/parseTokenStandardTransaction';
import type { TokenStandardContract } from '../../src/tokenStandard/TokenStandardTransaction';
import type { JsTransaction } from '../../src/codecs/ledger/JsTransaction';
import { sumDecimals } from '../../src/codecs/common/sumDecimals';
import { FIXTURE_PARTY, parserFixtures } from '../helpers/tokenStandardFixtures';

describe('holdingsChangeOf (what a transaction did to a party\'s holdings, from its events)', () => {
  const fixtures = parserFixtures().filter((f) => f.version === 'V1');
  const net = (creates: ReadonlyArray<{ amount: string }>, archives: ReadonlyArray<{ amount: string }>) => sumDecimals([...creates.map((h) => h.amount), ...archives.map((h) => `-${h.amount}`.replace('--', ''))]);

  for (const f of fixtures) {
    it(`${f.name}: on every transaction, the same net change as the upstream parser's events (the fixtures' changes are all explained)`, () => {
      let compared = 0;
      for (const u of f.updates) {
        const tx = u.update.Transaction.value as unknown as JsTransaction;
        const contractOf = (cid: string): TokenStandardContract => {
          const a = f.answers.find((x) => x.created.createdEvent.contractId === cid);
          return a ? { created: a.created.createdEvent as never, archived: true } : null;
        };
        const change = holdingsChangeOf(tx, { party: FIXTURE_PARTY, contractOf });
        assert.ok(change._tag === 'Parsed' && E.isRight(change.result));
        const { creates, archives } = change.result.right;
        for (const h of [...creates, ...archives]) assert.equal(h.owner, FIXTURE_PARTY);
        const parse = parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, contractOf });
        assert.ok(parse._tag === 'Parsed' && E.isRight(parse.result));
        const events = parse.result.right.events;
        const pc = events.flatMap((e) => [...(e.unlockedHoldingsChange?.creates ?? []), ...(e.lockedHoldingsChange?.creates ?? [])]);
        const pa = events.flatMap((e) => [...(e.unlockedHoldingsChange?.archives ?? []), ...(e.lockedHoldingsChange?.archives ?? [])]);
        assert.equal(net(creates, archives), net(pc, pa), `${tx.updateId}`);
        compared++;
      }
      assert.equal(compared, f.updates.length);
    });
  }

  it('a consumed contract it does not know comes back as NeedsContracts; a transient holding is no change', () => {
    const f = fixtures[0]!;
    const u = f.updates.find((x) => JSON.stringify(x).includes('"choice":"Archive"'))!;
    const tx = u.update.Transaction.value as unknown as JsTransaction;
    const needs = holdingsChangeOf(tx, { party: FIXTURE_PARTY, contractOf: () => undefined });
    assert.equal(needs._tag, 'NeedsContracts');
    // A holding created and consumed by the same transaction: neither side.
    const created = (tx.events as Array<Record<string, any>>).find((e) => e['CreatedEvent']?.interfaceViews?.[0]?.viewValue?.owner === FIXTURE_PARTY)?.['CreatedEvent'];
    if (created !== undefined) {
      const transient = { ...tx, events: [...tx.events, { ExercisedEvent: { offset: tx.offset, nodeId: 999, contractId: created.contractId, templateId: created.templateId, choice: 'Archive', choiceArgument: {}, actingParties: [FIXTURE_PARTY], consuming: true, witnessParties: [FIXTURE_PARTY], lastDescendantNodeId: 999, packageName: created.packageName } }] } as unknown as JsTransaction;
      const r = holdingsChangeOf(transient, { party: FIXTURE_PARTY, contractOf: () => null });
      assert.ok(r._tag === 'Parsed' && E.isRight(r.result));
      assert.ok(!r.result.right.creates.some((h) => h.contractId === created.contractId) && !r.result.right.archives.some((h) => h.contractId === created.contractId));
    }
  });
});
