import assert from 'node:assert/strict';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { decimalUnits, unitsToDecimal } from '../../src/codecs/common/decimalUnits';
import type { ActivityHolding } from '../../src/activity/activityOf';
import { orThrow } from '../../src/operators/orThrow';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';

/**
 * The same transfers on the ledger (a party's token-standard history, issue 27) and on Scan
 * (`scan.activity`): for every update id of the party's history, the holdings it created and
 * archived, by amount, are the same, and so is its balance change; Scan's archived amounts come
 * from the holdings the activity created before (the whole history is read from its start).
 */

type Moves = { created: string[]; archived: string[]; change: string };
const units = (d: string): bigint => decimalUnits(d)!;
const moves = (created: string[], archived: string[]): Moves => ({
  created: created.map((d) => unitsToDecimal(units(d))).sort(),
  archived: archived.map((d) => unitsToDecimal(units(d))).sort(),
  change: unitsToDecimal(created.reduce((a, d) => a + units(d), 0n) - archived.reduce((a, d) => a + units(d), 0n)),
});

describe('scan.activity and ledger.tokenStandardHistory: the same amounts for the same update id', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  before(async () => (net = await startSimulatedNetwork({ seed: 'activity-ledger', updates: 240, tokenFlows: 0.7 })));
  after(() => net.close());

  it('for every hosted party and every transaction of its token history: the holdings created and archived, and the balance change', async () => {
    const client = createClient({ scan: { url: net.scanUrl }, ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'wallet', readAs: [...net.hostedParties] }) } });
    const activity = await lastValueFrom(client.scan.activity({ page_size: 50 }).pipe(orThrow(), toArray()));
    // Scan's side, per update id and owner: every holding created, and the amount of every one archived.
    const held = new Map<string, ActivityHolding>();
    // A holding created and archived in one update (transient) changes no balance, and the
    // ledger's token history does not show it: it is left out here too.
    const perUpdate = new Map<string, Map<string, ActivityHolding>>();
    const archivedIn = new Map<string, ActivityHolding[]>();
    for (const { update_id, element: e } of activity) {
      if (e.kind !== 'holdings') continue;
      const created = perUpdate.get(update_id) ?? new Map<string, ActivityHolding>();
      perUpdate.set(update_id, created);
      for (const h of e.created) {
        held.set(h.contractId, h);
        created.set(h.contractId, h);
      }
      for (const a of e.archived) {
        const h = held.get(a.contractId);
        assert.ok(h !== undefined, `${a.contractId} archived in ${update_id}, never created`);
        if (!created.delete(a.contractId)) archivedIn.set(update_id, [...(archivedIn.get(update_id) ?? []), h]);
      }
    }
    const scan = new Map<string, Map<string, { created: string[]; archived: string[] }>>();
    for (const id of new Set([...perUpdate.keys(), ...archivedIn.keys()])) {
      const byOwner = new Map<string, { created: string[]; archived: string[] }>();
      const of = (owner: string) => byOwner.get(owner) ?? (byOwner.set(owner, { created: [], archived: [] }).get(owner)!);
      for (const h of perUpdate.get(id)?.values() ?? []) of(h.owner).created.push(h.amount);
      for (const h of archivedIn.get(id) ?? []) of(h.owner).archived.push(h.amount);
      scan.set(id, byOwner);
    }
    let compared = 0;
    for (const party of net.hostedParties) {
      const history = await lastValueFrom(client.ledger.tokenStandardHistory({ party }).pipe(orThrow(), toArray()));
      assert.ok(history.length >= 5, `${party}: ${history.length} transactions`);
      for (const tx of history) {
        const created: string[] = [];
        const archived: string[] = [];
        for (const ev of tx.events) {
          // A raw `Archive` (no token-standard choice explains it) lists its holding under
          // `creates`, as the upstream parser writes it (TransactionParser.buildRawEvent).
          const raw = ev.label.type === 'Archive';
          for (const change of [ev.unlockedHoldingsChange, ev.lockedHoldingsChange]) {
            for (const h of change?.creates ?? []) if (h.owner === party) (raw ? archived : created).push(h.amount);
            for (const h of change?.archives ?? []) if (h.owner === party) archived.push(h.amount);
          }
        }
        const onScan = scan.get(tx.updateId)?.get(party) ?? { created: [], archived: [] };
        assert.ok(activity.some((a) => a.update_id === tx.updateId), `${tx.updateId} is not in Scan's activity`);
        assert.deepEqual(moves(onScan.created, onScan.archived), moves(created, archived), `${party} in ${tx.updateId}`);
        if (created.length + archived.length > 0) compared++;
      }
    }
    assert.ok(compared >= 30, `${compared} transactions with holdings compared`);
  });
});
