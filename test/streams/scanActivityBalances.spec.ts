import assert from 'node:assert/strict';
import { lastValueFrom, takeWhile, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { decimalUnits, unitsToDecimal } from '../../src/codecs/common/decimalUnits';
import type { ActiveContract } from '../../src/codecs/scan/ActiveContract';
import type { ActivityHolding } from '../../src/activity/activityOf';
import { orThrow } from '../../src/operators/orThrow';
import type { RetryBackoffConfig } from '../../src/retry/retryBackoff';
import type { ScanActivityElement } from '../../src/streams/scanActivity';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';

/**
 * The balance invariant of docs/activity.md: for every party, the holdings at a snapshot with
 * the activity after it folded in are Scan's holdings at the next snapshot (`scan.holdings`):
 * the same contracts, the same sum of initial amounts, and the same effective amount at any
 * round (Amulet's holding fee, `max(0, initialAmount − (round − createdAt) × ratePerRound)`).
 */

type Holding = Omit<ActivityHolding, 'contractId'>;
const units = (d: string): bigint => decimalUnits(d)!;

/** Splice's value of a holding at a round (SpliceUtil.holdingFee: the fee, at most the amount). */
const effectiveAt = (h: Holding, round: bigint): bigint => {
  const fee = (round - BigInt(h.createdAt)) * units(h.ratePerRound);
  const amount = units(h.amount);
  return fee >= amount ? 0n : amount - (fee > 0n ? fee : 0n);
};

/** A holding of scan.holdings, read here from its payload on its own (not by activityOf). */
const heldOf = (c: ActiveContract): [string, Holding] => {
  const locked = c.template_id.endsWith(':Splice.Amulet:LockedAmulet');
  const args = c.create_arguments as { amulet?: unknown };
  const amulet = (locked ? args.amulet : args) as { owner: string; amount: { initialAmount: string; createdAt: { number: string }; ratePerRound: { rate: string } } };
  return [c.contract_id, { owner: amulet.owner, amount: unitsToDecimal(units(amulet.amount.initialAmount)), createdAt: amulet.amount.createdAt.number, ratePerRound: unitsToDecimal(units(amulet.amount.ratePerRound.rate)), locked }];
};

/** Per party: the sum of initial amounts, and the effective amount at each round. */
const balances = (holdings: ReadonlyMap<string, Holding>, rounds: readonly bigint[]) => {
  const out = new Map<string, { initial: string; effective: string[] }>();
  const parties = [...new Set([...holdings.values()].map((h) => h.owner))].sort();
  for (const p of parties) {
    const mine = [...holdings.values()].filter((h) => h.owner === p);
    out.set(p, { initial: unitsToDecimal(mine.reduce((a, h) => a + units(h.amount), 0n)), effective: rounds.map((r) => unitsToDecimal(mine.reduce((a, h) => a + effectiveAt(h, r), 0n))) });
  }
  return out;
};

describe('scan.activity: the balances folded from a snapshot on are Scan holdings at the next snapshot', function () {
  this.timeout(60_000);

  const check = async (net: SimulatedNetwork, client: CantonClient, pageSize: number, retry?: RetryBackoffConfig): Promise<number> => {
    const opts = retry === undefined ? {} : { retry };
    const migration = net.info().last.migrationId;
    const snapshots = net.info().snapshots.filter((s) => s.migrationId === migration);
    assert.ok(snapshots.length >= 3, `${snapshots.length} snapshots`);
    // Every owner the history knows: the holdings are asked for by owner.
    const all = await lastValueFrom(client.scan.activity({ page_size: 100 }, opts).pipe(orThrow(), toArray()));
    const owners = [...new Set(all.flatMap((a) => (a.element.kind === 'holdings' ? a.element.created.map((h) => h.owner) : [])))] as [string, ...string[]];
    const holdingsAt = async (recordTime: string): Promise<Map<string, Holding>> =>
      new Map((await lastValueFrom(client.scan.holdings({ migration_id: migration, record_time: recordTime, owner_party_ids: owners, page_size: pageSize }, opts).pipe(orThrow(), toArray()))).map(heldOf));
    let folds = 0;
    let held = await holdingsAt(snapshots[0]!.recordTime);
    for (const [i, next] of snapshots.slice(1).entries()) {
      const from = snapshots[i]!;
      const activity: ScanActivityElement[] = await lastValueFrom(
        client.scan
          .activity({ page_size: pageSize, after: { after_migration_id: migration, after_record_time: from.recordTime } }, opts)
          .pipe(orThrow(), takeWhile((a) => a.migration_id === migration && a.record_time <= next.recordTime), toArray()),
      );
      const folded = new Map(held);
      for (const { element: e } of activity) {
        if (e.kind !== 'holdings') continue;
        // Created first: a root event may create a holding and archive it.
        for (const { contractId, ...h } of e.created) folded.set(contractId, h);
        for (const a of e.archived) assert.ok(folded.delete(a.contractId), `${a.contractId} archived, not held`);
      }
      const scan = await holdingsAt(next.recordTime);
      assert.deepEqual([...folded.keys()].sort(), [...scan.keys()].sort(), `the holdings at ${next.recordTime}`);
      const top = [...scan.values()].reduce((a, h) => (BigInt(h.createdAt) > a ? BigInt(h.createdAt) : a), 0n);
      // At the newest holding's round, some rounds later, and so late that every holding expired (floored at 0).
      const rounds = [top, top + 7n, 10n ** 15n];
      assert.deepEqual(balances(folded, rounds), balances(scan, rounds), `balances at ${next.recordTime}`);
      if (activity.some((a) => a.element.kind === 'holdings')) folds++;
      held = scan;
    }
    return folds;
  };

  let net: SimulatedNetwork;
  before(async () => (net = await startSimulatedNetwork({ seed: 'activity-balances', updates: 200, migrations: 1, snapshotEvery: 30, tokenFlows: 0.6 })));
  after(() => net.close());

  for (const pageSize of [1, 7, 100]) {
    it(`page size ${pageSize}: every snapshot's holdings and the activity after it give the next snapshot's, by contract, initial amount and effective amount`, async () => {
      const folds = await check(net, createClient({ scan: { url: net.scanUrl } }), pageSize);
      assert.ok(folds >= 4, `${folds} snapshots reached by a fold that changed holdings`);
    });
  }

  it('through faults (503s of every Scan route, retried): the same', async () => {
    const faulty = await startSimulatedNetwork({ seed: 'activity-balances', updates: 200, migrations: 1, snapshotEvery: 30, tokenFlows: 0.6, faults: { rate: 0.25, kinds: [503], only: 'scan' } });
    try {
      assert.ok((await check(faulty, createClient({ scan: { url: faulty.scanUrl } }), 7, { initialDelayMs: 1, maxDelayMs: 2, maxRetries: 20 })) >= 4);
      assert.ok(faulty.stats().faults.length > 10, `${faulty.stats().faults.length} faults`);
    } finally {
      await faulty.close();
    }
  });

  it('the holding fee: an Amulet of 10 at round 3 paying 0.5 a round is worth 10 at 3, 7.5 at 8, and 0 from round 23 on', () => {
    const h: Holding = { owner: 'p', amount: '10.0000000000', createdAt: '3', ratePerRound: '0.5000000000', locked: false };
    assert.deepEqual([3n, 8n, 22n, 23n, 100n].map((r) => unitsToDecimal(effectiveAt(h, r))), ['10.0000000000', '7.5000000000', '0.5000000000', '0.0000000000', '0.0000000000']);
  });
});
